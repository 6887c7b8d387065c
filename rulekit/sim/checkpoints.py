"""Checkpoints: where the convergence of a figure is read as games accumulate.

Game i (from 0) is counted at the checkpoint that ends its block: blocks of 10 games up to 200,
then blocks that double in size with each doubling of the games (20 to 40 points per
doubling), so a million games need a few hundred points. A block is fixed by the game's index
alone, so the totals per checkpoint merge exactly whatever the batches and the workers.
"""

from __future__ import annotations

FIRST = 200  # games counted in blocks of STEP
STEP = 10


def checkpoint(index: int) -> int:
    """The number of games at the end of the block that holds game index."""
    n = index + 1
    step = STEP << max(0, (n // FIRST).bit_length() - 1) if n > FIRST else STEP
    return -(-n // step) * step
