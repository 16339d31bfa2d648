"""A small package whose signatures the test RFCs describe."""
