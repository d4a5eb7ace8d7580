package bench

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/solitario/solitario/solver"
)

func TestFormatting(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{count(0), "0"}, {count(987), "987"}, {count(12.5), "12.5"}, {count(1000), "1.00k"},
		{count(12345), "12.3k"}, {count(999499), "999k"}, {count(4.56e6), "4.56M"}, {count(7.2e9), "7.20G"},
		{durText(0, "-"), "-"}, {durText(500, "0"), "500ns"}, {durText(1500*time.Nanosecond, "0"), "1.50µs"},
		{durText(12345*time.Microsecond, "0"), "12.3ms"}, {durText(2500*time.Millisecond, "0"), "2.50s"},
		{durText(250*time.Second, "0"), "250s"},
		{shortName("seed 17"), "seed 17"}, {shortName("corpus/reloj/hard.deal"), "hard.deal"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestWriters(t *testing.T) {
	rep, err := Run(context.Background(), fakeConfig(4, strat("plain", solver.TableNone), strat("liar", solver.TableFlat)))
	if err != nil {
		t.Fatal(err)
	}
	// Deal 7 is not among 0..3: no disagreement.
	var text bytes.Buffer
	if err := WriteText(&text, rep); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text.String(), "\n")
	if lines[0] != "solitario bench: fake, seeds 0..3, rules play=forced passes=2" ||
		!strings.HasPrefix(lines[1], "commit unknown · go") ||
		!strings.HasPrefix(lines[2], "limits per search: max-nodes 5000, timeout none, tt-mem 1MiB") ||
		!strings.HasPrefix(lines[4], "strategy  table  order  prune") ||
		!strings.HasPrefix(lines[5], "plain     none   no     no     4/4 100.0%") ||
		!strings.HasPrefix(lines[6], "liar      flat   no     no     4/4 100.0%") {
		t.Errorf("text report:\n%s", text.String())
	}
	if !strings.Contains(text.String(), "verdicts: 4 deals: 2 winnable (every winning line replayed by the referee), 2 unwinnable, 0 undecided or disputed; no disagreement") {
		t.Errorf("tally missing:\n%s", text.String())
	}

	// One deal is "1 deal", not "1 deals".
	one, err := Run(context.Background(), fakeConfig(1, strat("plain", solver.TableNone)))
	if err != nil {
		t.Fatal(err)
	}
	if got := tally(one); !strings.HasPrefix(got, "verdicts: 1 deal: ") {
		t.Errorf("one deal: %q", got)
	}

	var js bytes.Buffer
	if err := WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(js.Bytes(), &top); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"record", "strategies", "disagreements", "interrupted", "deals"} {
		if _, ok := top[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	if string(top["disagreements"]) != "[]" {
		t.Errorf("disagreements %s, want []", top["disagreements"])
	}

	var cs bytes.Buffer
	if err := WriteCSV(&cs, rep); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&cs).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("%d CSV records, want header + 2", len(recs))
	}
	for _, r := range recs {
		if len(r) != len(CSVHeader()) {
			t.Errorf("CSV record has %d fields, header %d", len(r), len(CSVHeader()))
		}
	}
	hit := -1
	for i, h := range recs[0] {
		if h == "cache_hit_rate" {
			hit = i
		}
	}
	if recs[1][hit] != "" || recs[2][hit] == "" {
		t.Errorf("cache_hit_rate: plain %q (want empty), flat %q", recs[1][hit], recs[2][hit])
	}
}
