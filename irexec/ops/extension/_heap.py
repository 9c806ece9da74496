"""``std::priority_queue`` as libstdc++ runs it (``push_heap``/``pop_heap``/``make_heap``), so that
entries the comparator calls equal leave in the extension's order: Python's ``heapq`` sifts
differently and would break such ties another way. The pipeline's top_k and beam search use it too
(genai's min-heaps, whose array order their tokens follow)."""

from __future__ import annotations


def push(heap: list, item, key) -> None:
    """``std::push_heap``: ``key(a) > key(b)`` means a ranks below b (a max-heap on priority)."""
    heap.append(item)
    _sift_up(heap, len(heap) - 1, item, key)


def _sift_up(heap: list, hole: int, item, key, top: int = 0) -> None:
    """libstdc++'s ``__push_heap``: ``item`` placed at ``hole`` or above it (up to ``top``), the
    parents that rank below it moved down."""
    k = key(item)
    while hole > top:
        parent = (hole - 1) // 2
        if not key(heap[parent]) > k:
            break
        heap[hole] = heap[parent]
        hole = parent
    heap[hole] = item


def _adjust(heap: list, hole: int, n: int, value, key) -> None:
    """libstdc++'s ``__adjust_heap`` over ``heap[:n]``: the hole sinks to a leaf along the children
    that rank higher (the right one unless the left ranks above it), then ``value`` rises from
    there, no higher than where the hole started."""
    top = second = hole
    while second < (n - 1) // 2:
        second = 2 * (second + 1)
        if key(heap[second]) > key(heap[second - 1]):
            second -= 1
        heap[hole] = heap[second]
        hole = second
    if n % 2 == 0 and second == (n - 2) // 2:
        second = 2 * (second + 1)
        heap[hole] = heap[second - 1]
        hole = second - 1
    _sift_up(heap, hole, value, key, top=top)


def make_heap(heap: list, key) -> None:
    """``std::make_heap``: ``__adjust_heap`` at each parent, from the last one up to the root."""
    for p in range((len(heap) - 2) // 2, -1, -1):
        _adjust(heap, p, len(heap), heap[p], key)


def pop(heap: list, key):
    """``top()`` then ``pop()``: libstdc++'s ``__pop_heap`` (the last entry refills the top's hole
    through ``__adjust_heap``) and ``pop_back``."""
    top = heap[0]
    value = heap.pop()
    if heap:
        _adjust(heap, 0, len(heap), value, key)
    return top
