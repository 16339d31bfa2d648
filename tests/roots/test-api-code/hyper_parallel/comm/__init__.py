"""Collectives (not documented as API)."""


def all_reduce(tensor):
    return tensor
