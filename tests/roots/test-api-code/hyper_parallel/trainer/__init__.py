"""The training loop: steps, gradient accumulation and the like."""


def train_step(batch, accumulate=1):
    """Run one step over *batch*."""
    return batch, accumulate
