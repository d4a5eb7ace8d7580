package solution

import (
	"strings"
	"testing"

	"github.com/solitario/solitario/deck"
)

// TestParseMoveText: the lines solve prints, for each game's places, read
// back as their JSON moves; deal's labels and the JSON names are read too.
func TestParseMoveText(t *testing.T) {
	for _, c := range []struct {
		k    deck.Kind
		text string
		want Move
		n    int
	}{
		{deck.Spanish, " 2. stock 7O -> pile 7 (7), new pile", Move{"stock", "pile:7", "7O"}, 2},
		{deck.Spanish, "43. waste -> stock (redeal, pass 2 of 2)", Move{"waste", "stock", ""}, 43},
		{deck.Spanish, "stock 5o → found o (7 6 5)", Move{"stock", "found:O", "5O"}, 0},
		{deck.Spanish, "frame 8 6E -> found E (7 6)", Move{"frame:8", "found:E", "6E"}, 0},
		{deck.Spanish, "stock 12C -> pile:R", Move{"stock", "pile:R", "RC"}, 0},
		{deck.Italian, "stock RC -> hour 10 (covers RD)", Move{"stock", "hour:10", "RC"}, 0},
		{deck.French, "hour 10 KH -> centre (king 4 of 4)", Move{"hour:10", "centre", "KH"}, 0},
		{deck.French, "  3. arc a7 QH -> p2 (on KS)", Move{"arc", "p2", "QH"}, 3},
		{deck.French, "a7 Q♥ -> P2", Move{"arc", "p2", "QH"}, 0},
	} {
		m, n, err := ParseMoveText(c.text, c.k)
		if err != nil || m != c.want || n != c.n {
			t.Errorf("%q: %+v %d %v; want %+v %d", c.text, m, n, err, c.want, c.n)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"stock 5O pile 5", "is no move: want FROM CARD -> TO"},
		{"-> waste", "no place before"},
		{"stock 5O ->", "no place after"},
		{"stock XX -> waste", `unknown suit "X"`},
		{"pile 7 8 9 5O -> waste", "is no place and card"},
		{"0. stock 5O -> waste", "no number from 1 up"},
		// The user's own words, not "waste:PLEASE".
		{"stock CO -> waste please", `"stock CO -> waste please": "waste please" after "->" is no place (waste is one word, with nothing after it)`},
	} {
		if _, _, err := ParseMoveText(c.text, deck.Spanish); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want %q", c.text, err, c.want)
		}
	}
}

// TestReadMoveText: solve's header lines are skipped, comments and blank
// lines too, the numbers must count from 1, and errors name the line.
func TestReadMoveText(t *testing.T) {
	head := func(l string) bool { return strings.HasPrefix(l, "reloj ") || strings.HasPrefix(l, "nodes ") }
	l, err := ReadMoveText([]byte("reloj seed 1 (play forced, passes 2): winnable in 62 moves\nnodes 63\n 1. stock CE -> waste\n\n# a note\n 2. stock 7O -> pile 7 # mine\n"), deck.Spanish, head)
	if err != nil || len(l.Moves) != 2 || l.Lines[0] != 3 || l.Lines[1] != 6 || l.Moves[1] != (Move{"stock", "pile:7", "7O"}) {
		t.Errorf("%+v %v", l, err)
	}
	for _, c := range []struct{ text, want string }{
		{"stock CE -> waste\nnodes 3\n", "line 2: \"nodes 3\" is no move"},
		{"2. stock CE -> waste\n", "line 1: move 2 is the list's first move"},
		{"# nothing\n", "no moves"},
	} {
		if _, err := ReadMoveText([]byte(c.text), deck.Spanish, head); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v; want %q", c.text, err, c.want)
		}
	}
}

// TestDecodeStopping: the moves are read no further than Stop says, at the
// powers of two from 64, with the fields before them; a text with a
// problem is worded as Read words it.
func TestDecodeStopping(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"game":"reloj","rules":{"play":"forced","passes":2},"deal":["1O"],"result":"winnable","moves":[`)
	for i := range 1000 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"from":"stock","to":"waste","card":"1O"}`)
	}
	b.WriteString(`],"stats":{"nodes":1,"cache_hits":0,"elapsed_ms":0}}`)
	var asked []int
	s, err := DecodeStopping([]byte(b.String()), func(h *Solution, moves []Move) bool {
		if h.Game != "reloj" || h.Moves != nil {
			t.Errorf("head %+v", h)
		}
		asked = append(asked, len(moves))
		return len(moves) == 128
	})
	if err != nil || len(s.Moves) != 128 || len(asked) != 2 || asked[0] != 64 || s.Stats.Nodes != 0 {
		t.Errorf("stopped at 128: %d moves, asked at %v, %v", len(s.Moves), asked, err)
	}
	s, err = DecodeStopping([]byte(b.String()), nil)
	if err != nil || len(s.Moves) != 1000 || s.Stats.Nodes != 1 || s.Moves[999] != (Move{"stock", "waste", "1O"}) {
		t.Errorf("read whole: %d moves, %+v, %v", len(s.Moves), s.Stats, err)
	}
	bad := strings.Replace(b.String(), `"from"`, `"frm"`, 1)
	if _, err := DecodeStopping([]byte(bad), nil); err == nil || !strings.Contains(err.Error(), `at byte offset 97: unknown field "frm" in "moves[0]"`) {
		t.Errorf("a misspelt key: %v", err)
	}
}

// TestDecodeStoppingAfterObject: text after the object is refused, whether
// it is a second object or no JSON at all (which the streaming reader once
// took for the end), by DecodeStopping and DecodeGameStopping alike.
func TestDecodeStoppingAfterObject(t *testing.T) {
	good := `{"game":"reloj","seed":7,"moves":[{"from":"stock","to":"waste","card":"1O"}]}`
	for _, c := range []struct{ after, want string }{
		{" garbage", "invalid solution JSON: more after the first object at byte offset 78 (give one solution and nothing after it)"},
		{"}}}", "invalid solution JSON: more after the first object at byte offset 77 (give one solution and nothing after it)"},
		{" {}", "invalid solution JSON: more after the first object at byte offset 78 (give one solution; several go in a JSONL file, one on each line, which verify reads)"},
	} {
		data := []byte(good + c.after)
		if _, err := DecodeStopping(data, nil); err == nil || err.Error() != c.want {
			t.Errorf("DecodeStopping %q: %v; want %q", c.after, err, c.want)
		}
		if _, _, err := DecodeGameStopping(data, nil); err == nil || !strings.Contains(err.Error(), "more after the first object") {
			t.Errorf("DecodeGameStopping %q: %v; want it refused", c.after, err)
		}
	}
	if s, _, err := DecodeGameStopping([]byte(good+" \n"), nil); err != nil || len(s.Moves) != 1 {
		t.Errorf("white space after: %v", err)
	}
}
