"""``std::priority_queue`` as libstdc++ runs it (``push_heap``/``pop_heap``), so that entries the
comparator calls equal leave in the extension's order: Python's ``heapq`` sifts differently and
would break such ties another way."""

from __future__ import annotations


def push(heap: list, item, key) -> None:
    """``std::push_heap``: ``key(a) > key(b)`` means a ranks below b (a max-heap on priority)."""
    heap.append(item)
    _sift_up(heap, len(heap) - 1, item, key)


def _sift_up(heap: list, hole: int, item, key) -> None:
    """libstdc++'s ``__push_heap``: ``item`` placed at ``hole`` or above it, the parents that
    rank below it moved down."""
    k = key(item)
    while hole > 0:
        parent = (hole - 1) // 2
        if not key(heap[parent]) > k:
            break
        heap[hole] = heap[parent]
        hole = parent
    heap[hole] = item


def pop(heap: list, key):
    """``top()`` then ``pop()``: libstdc++'s ``__pop_heap`` and ``__adjust_heap``."""
    top = heap[0]
    value = heap.pop()
    n = len(heap)
    if n == 0:
        return top
    hole, second = 0, 0
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
    # __push_heap from hole up to the top with the moved last value.
    _sift_up(heap, hole, value, key)
    return top
