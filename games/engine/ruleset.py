"""The options of a game (RULES.md "Options and presets") and the named presets."""

from dataclasses import dataclass, fields
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class Ruleset:
    """Every rule option; the defaults are the classic game of RULES.md."""

    target_score: int = 500
    losing_score: int | None = -200
    nil: bool = True
    nil_value: int = 100
    blind_nil: bool = True
    blind_nil_value: int = 200
    blind_nil_min_deficit: int = 100
    bag_limit: int = 10
    bag_penalty: int = 100
    nil_tricks_count_for_partner: bool = False
    boston_bonus: int = 0
    suicide: bool = False

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.type is bool:
                if type(value) is not bool:
                    raise ValueError(f"Ruleset.{field.name} must be true or false, not {value!r}")
            elif field.name == "losing_score" and value is None:
                continue
            elif type(value) is not int:
                raise ValueError(f"Ruleset.{field.name} must be a whole number, not {value!r}")
        for name in ("nil_value", "blind_nil_value", "blind_nil_min_deficit", "bag_penalty"):
            if getattr(self, name) < 0:
                raise ValueError(f"Ruleset.{name} must not be negative")
        if self.boston_bonus < 0:
            raise ValueError("Ruleset.boston_bonus must not be negative")
        # 0 switches bag penalties off; a negative limit has no meaning.
        if self.bag_limit < 0:
            raise ValueError("Ruleset.bag_limit must not be negative (0 means no bag penalty)")
        # Scores start at 0: a target at or below 0, or a losing score at or above 0,
        # would end every game after its first hand.
        if self.target_score <= 0:
            raise ValueError("Ruleset.target_score must be positive")
        if self.losing_score is not None:
            if self.losing_score >= self.target_score:
                raise ValueError("Ruleset.target_score must be above losing_score")
            if self.losing_score >= 0:
                raise ValueError("Ruleset.losing_score must be negative (or None for no limit)")
        if self.suicide and not self.nil:
            raise ValueError("Ruleset.suicide needs nil: in Suicide one partner must bid Nil")

    def blind_nil_allowed(self, scores: tuple[int, int], team: int) -> bool:
        """May the team's players bid Blind Nil in a hand that starts with these scores?"""
        if not (self.nil and self.blind_nil):
            return False
        deficit = self.blind_nil_min_deficit
        return deficit == 0 or scores[1 - team] - scores[team] >= deficit

    @classmethod
    def preset(cls, name: str) -> "Ruleset":
        """The named preset: classic, short, quick, suicide or blind-nil-anytime."""
        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            names = ", ".join(PRESETS)
            raise ValueError(f"Unknown ruleset preset {name!r} (known: {names})") from None

    def to_dict(self) -> dict:
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_dict(cls, data: dict) -> "Ruleset":
        """A Ruleset from to_dict() output; missing options take their defaults."""
        if not isinstance(data, dict):
            raise ValueError("A ruleset must be a dict of options")
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"Unknown ruleset option(s): {', '.join(map(str, unknown))}")
        return cls(**data)


PRESETS = MappingProxyType(
    {
        "classic": Ruleset(),
        "short": Ruleset(target_score=300, losing_score=-150),
        "quick": Ruleset(target_score=200, losing_score=-100),
        "suicide": Ruleset(suicide=True),
        "blind-nil-anytime": Ruleset(blind_nil_min_deficit=0),
    }
)
