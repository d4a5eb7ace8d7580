package api

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestMoveText: a move list in the CLI's notation, numbered or not, in any
// spelling, is read into the referee's moves; a move the referee refuses
// is named as the CLI names it (hint --solution LIST), by line and number.
func TestMoveText(t *testing.T) {
	for _, c := range []struct{ text, want, err string }{
		{"stock ce -> waste\n\nstock 7o -> pile 7\n", `{"moves":[{"from":"stock","to":"waste","card":"CE"},{"from":"stock","to":"pile:7","card":"7O"}],"lines":[1,3]}`, ""},
		{"reloj seed 1 (play forced, passes 2): winnable in 62 moves\n 1. stock CE -> waste\n 2. stock 7O -> pile 7 (7), new pile\n", `{"moves":[{"from":"stock","to":"waste","card":"CE"},{"from":"stock","to":"pile:7","card":"7O"}],"lines":[2,3]}`, ""},
		{"1. stock CE -> waste\n2. stock 7O -> pile 7\n3. waste CE -> pile 1\n", "", "line 3: move 3 (waste -> pile:1 CE): there is no pile 1, and CE cannot start it (a new pile is named by its card's rank)"},
		{"1. stock CE -> waste\n2. stock 7O to pile 7\n", "", "line 2: "},
		{"", "", `no moves: "move_text" is empty`},
	} {
		text, _ := json.Marshal(c.text)
		req := `{"game":"reloj","seed":1,"move_text":` + string(text) + `}`
		out, err := Call(context.Background(), "moveText", []byte(req), Options{})
		switch {
		case c.err == "" && (err != nil || string(out) != c.want):
			t.Errorf("%q: %s, %v; want %s", c.text, out, err, c.want)
		case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
			t.Errorf("%q: %s, %v; want the error %q…", c.text, out, err, c.err)
		}
	}
}
