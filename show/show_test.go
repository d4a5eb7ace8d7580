package show_test

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/wins"
	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/show"
)

// TestWriteSelfContained: the page names nothing outside itself (no
// address, no src or href, no @import or url()), and carries the replay as
// JSON that reads back as the same replay, a card token that looks like
// markup included.
func TestWriteSelfContained(t *testing.T) {
	g, _ := games.Lookup("reloj")
	w := wins.Solve(t, g)
	rp, err := replay.Line(g, w.Deal, w.Rules, &w.Seed, w.Moves[:20])
	if err != nil {
		t.Fatal(err)
	}
	rp.End = "</script><b>x</b>" // must stay data
	var buf bytes.Buffer
	if err := show.Write(&buf, rp); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, bad := range []string{"http:", "https:", "//cdn", "@import", "url(", " src=", "<link", "<iframe"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	if strings.Count(page, "</script>") != 2 {
		t.Errorf("%d </script> in the page, want 2 (the data and the script)", strings.Count(page, "</script>"))
	}
	m := regexp.MustCompile(`(?s)<script type="application/json" id="replay">(.*?)</script>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no replay data in the page")
	}
	var back replay.Replay
	if err := json.Unmarshal([]byte(m[1]), &back); err != nil {
		t.Fatal(err)
	}
	if back.End != rp.End || len(back.Steps) != 21 || back.Steps[20].Text != rp.Steps[20].Text || back.Won {
		t.Errorf("read back: end %q, %d steps, won %v", back.End, len(back.Steps), back.Won)
	}
	if !strings.Contains(page, "<title>Del reloj, seed 1 (20 moves, not won: ") {
		t.Errorf("title: %s", regexp.MustCompile(`<title>.*</title>`).FindString(page))
	}
}

// TestWriteRulesInWords: the page's rules line says the rules as solve's
// first line does: "no choices" for a clock (it read "no, choices"),
// "passes unlimited" for --passes 0 (it read "passes=0").
func TestWriteRulesInWords(t *testing.T) {
	rulesLine := func(game string, edit func(*replay.Replay)) string {
		t.Helper()
		g, _ := games.Lookup(game)
		w := wins.Solve(t, g)
		rp, err := replay.Line(g, w.Deal, w.Rules, &w.Seed, w.Moves[:3])
		if err != nil {
			t.Fatal(err)
		}
		edit(rp)
		var buf bytes.Buffer
		if err := show.Write(&buf, rp); err != nil {
			t.Fatal(err)
		}
		return regexp.MustCompile(`<div class="meta">rules: (.*?) &middot;`).FindStringSubmatch(buf.String())[1]
	}
	if got := rulesLine("orologio", func(*replay.Replay) {}); got != "no choices" {
		t.Errorf("orologio: rules %q, want %q", got, "no choices")
	}
	if got := rulesLine("reloj", func(rp *replay.Replay) { rp.Rules.Passes = 0 }); got != "play forced, passes unlimited" {
		t.Errorf("reloj, passes 0: rules %q, want %q", got, "play forced, passes unlimited")
	}
}
