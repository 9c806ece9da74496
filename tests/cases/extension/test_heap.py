"""The extension ops' priority queue (``_heap``, libstdc++'s push_heap/pop_heap): whatever order it
breaks ties in, every pop must give an entry of the best priority left, and the list must stay a
heap after every push and pop (checked here against a plain list of what is in it)."""

import random

from irexec.ops.extension import _heap


def _key(item):
    return item[0]


def _is_heap(heap: list) -> bool:
    """No entry ranks above its parent (``key(parent) > key(child)`` would put it above)."""
    return all(not _key(heap[(i - 1) // 2]) > _key(heap[i]) for i in range(1, len(heap)))


def test_pops_give_the_best_left_and_the_heap_holds():
    rng = random.Random(7)
    heap, present = [], []
    for step in range(3000):
        if heap and rng.random() < 0.45:
            item = _heap.pop(heap, _key)
            assert _key(item) == min(map(_key, present))
            present.remove(item)
        else:
            item = (rng.randrange(12), step)  # (few priorities: many ties)
            _heap.push(heap, item, _key)
            present.append(item)
        assert _is_heap(heap)
        assert sorted(heap) == sorted(present)
    while heap:
        item = _heap.pop(heap, _key)
        assert _key(item) == min(map(_key, present))
        present.remove(item)
        assert _is_heap(heap)
    assert not present


def test_equal_entries_leave_in_push_order_when_few():
    # std::priority_queue pushed a, b, c of one priority pops a, b, c (worked by hand through
    # __push_heap and __pop_heap: the last entry refills the hole left by the top).
    heap = []
    for name in "abc":
        _heap.push(heap, (0, name), _key)
    assert [_heap.pop(heap, _key)[1] for _ in range(3)] == ["a", "b", "c"]


def test_make_heap_leaves_a_heap_that_pops_in_order():
    rng = random.Random(11)
    for n in range(12):
        heap = [(rng.randrange(4), i) for i in range(n)]
        present = list(heap)
        _heap.make_heap(heap, _key)
        assert _is_heap(heap)
        assert sorted(heap) == sorted(present)
        popped = [_key(_heap.pop(heap, _key)) for _ in range(n)]
        assert popped == sorted(map(_key, present))
