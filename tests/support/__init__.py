"""Helpers shared by the tests (imported as tests.support.<module>); fixtures are in conftest.py."""
