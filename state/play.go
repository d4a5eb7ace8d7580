package state

import "fmt"

// Play is the play mode of a game with a stock (RULES.md, "Play modes").
type Play uint8

const (
	// Forced: a drawn card with a legal placement must be placed (the player
	// picks which); the waste top is never forced.
	Forced Play = iota
	// Free: a drawn card may always go to the waste.
	Free
)

// String is the --play spelling: "forced" or "free".
func (p Play) String() string {
	if p == Free {
		return "free"
	}
	return "forced"
}

// ParsePlay reads a --play value; the error names the accepted ones.
func ParsePlay(s string) (Play, error) {
	switch s {
	case "forced":
		return Forced, nil
	case "free":
		return Free, nil
	}
	return Forced, fmt.Errorf("unknown play mode %q (want forced or free)", s)
}
