"""What a build writes besides pages: ``rfcs.json``, the package's static
files, the summary line.
"""
