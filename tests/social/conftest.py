"""The game API fuzzer's world and counts, for fuzzing the social API the same way."""

from tests.test_fuzz import fuzz_counts, world  # noqa: F401 (fixtures)
