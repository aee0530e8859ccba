"""The path converter of every number in a URL (`<int64:game_id>`), registered in config.urls."""

# The widest integer column of the site (BigAutoField keys): a number above it is no row of
# any table. SQLite cannot even compare one (OverflowError), so it is refused in the path.
INT64_MAX = 2**63 - 1


class Int64Converter:
    """Digits of a number that fits a 64-bit signed column; any other number does not match
    the route, so it is the site's own 404 on every database."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > INT64_MAX:
            raise ValueError(f"{value} is beyond every database column")
        return number

    def to_url(self, value: int) -> str:
        return str(value)
