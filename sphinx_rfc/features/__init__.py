"""Optional checks that subscribe to ``rfc-record-read``: interface drift
against the code (``rfc_check_signatures``) and test results from JUnit
XML (``rfc_test_results``).
"""
