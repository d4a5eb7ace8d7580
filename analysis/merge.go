package analysis

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/solitario/solitario/games"
	"github.com/solitario/solitario/internal/words"
	"github.com/solitario/solitario/solver"
)

// Merged is the union of several JSONL files of one analysis.
type Merged struct {
	// Header is the first file's header: game, rules, strategy and limits
	// hold for all files; its seeds and shard are the first file's.
	Header  Header
	Files   []*File
	Records []Record // every file's records, file after file
	// Notes are things the summary's reader should know: a torn last line
	// ignored, a file that does not hold all the seeds of its shard.
	Notes []string
	// Incomplete is set when the files miss deals: a file short of its
	// shard, or a shard of the split with no file.
	Incomplete bool
}

// Merge reads JSONL files written by analyze (typically one per shard) and
// joins their records. Each file's header is checked on its own against the
// games table lookup first (checkRun), so a bad header is named as such, not
// as a difference from another file. Files whose game, rules, strategy or
// limits differ from the first's are rejected, so are files of one seed
// range cut into different shard counts, and so is a seed recorded twice (in
// one file or two): the union would count a deal twice. A torn last line is ignored
// with a note; an incomplete shard gets a note too.
func Merge(names []string, lookup func(string) (games.Entry, error)) (*Merged, error) {
	if len(names) == 0 {
		return nil, fmt.Errorf("no files to merge")
	}
	m := &Merged{}
	where := map[uint64]*File{} // the file of each seed recorded
	split := map[Range]*File{}  // the first file of each seed range
	given := map[string]bool{}
	for _, name := range names {
		if given[name] {
			return nil, fmt.Errorf("%s is given twice", name)
		}
		given[name] = true
		f, err := ReadFile(name)
		if err != nil {
			return nil, pathError(name, err)
		}
		if f.Header.Kind == "" {
			if f.Torn > 0 {
				return nil, fmt.Errorf("%s: no deals: only a run header cut short (resume the run)", name)
			}
			return nil, fmt.Errorf("%s: empty, no run header", name)
		}
		if err := checkRun(name, f.Header, lookup); err != nil {
			return nil, err
		}
		if len(m.Files) == 0 {
			m.Header = f.Header
		} else if err := SameAnalysis(m.Header, f.Header); err != nil {
			return nil, fmt.Errorf("%s: a different analysis from %s: %v", name, m.Files[0].Name, err)
		}
		// One range is split one way: shards of two splits overlap, or leave
		// each split short of shards, whatever the records say.
		if other := split[f.Header.Seeds]; other != nil && other.Header.Shard.norm().Count != f.Header.Shard.norm().Count {
			return nil, fmt.Errorf("%s: shard %s of seeds %s, but %s is shard %s of them: the shard counts differ (%d and %d); merge the files of one split",
				name, f.Header.Shard, f.Header.Seeds, other.Name, other.Header.Shard, f.Header.Shard.norm().Count, other.Header.Shard.norm().Count)
		} else if other == nil {
			split[f.Header.Seeds] = f
		}
		for _, r := range f.Records {
			if other, dup := where[r.Seed]; dup {
				if other == f {
					return nil, fmt.Errorf("%s: seed %d is recorded twice", name, r.Seed)
				}
				why := "the same shard twice?"
				if other.Header.Seeds != f.Header.Seeds || other.Header.Shard != f.Header.Shard {
					why = fmt.Sprintf("seeds %s shard %s and seeds %s shard %s overlap", other.Header.Seeds, other.Header.Shard, f.Header.Seeds, f.Header.Shard)
				}
				return nil, fmt.Errorf("seed %d is in both %s and %s (%s)", r.Seed, other.Name, name, why)
			}
			where[r.Seed] = f
		}
		if f.Torn > 0 {
			m.Notes = append(m.Notes, fmt.Sprintf("%s: ignored an unfinished last line (%d bytes)", name, f.Torn))
		}
		if want := CountSeeds(f.Header.Seeds, f.Header.Shard); uint64(len(f.Records)) != want || AllSeeds(f.Header.Seeds, f.Header.Shard) {
			m.Incomplete = true
			// The records are distinct seeds of the shard (ReadFile and the loop
			// above check),
			// so the shard misses want-len of them; all 2^64 miss many.
			deals, seeds := "deals", "seeds"
			if !AllSeeds(f.Header.Seeds, f.Header.Shard) {
				deals, seeds = words.Noun(want, "deal"), words.Noun(want-uint64(len(f.Records)), "seed")
			}
			m.Notes = append(m.Notes, fmt.Sprintf("%s: %d of the %s %s of seeds %s shard %s, missing %s %s (incomplete: resume it)",
				name, len(f.Records), CountSeedsText(f.Header.Seeds, f.Header.Shard), deals, f.Header.Seeds, f.Header.Shard, seeds, missingText(f, 10)))
		}
		m.Files = append(m.Files, f)
		m.Records = append(m.Records, f.Records...)
	}
	if missing := missingShards(m.Files); len(missing) > 0 {
		m.Incomplete = true
		m.Notes = append(m.Notes, missing...)
	}
	return m, nil
}

// checkRun checks the run header h of file name against the games table
// lookup: a known game, rules it has, a known strategy and table. The error
// names the header line.
func checkRun(name string, h Header, lookup func(string) (games.Entry, error)) error {
	err := func() error {
		g, err := lookup(h.Game)
		if err != nil {
			return err
		}
		if _, err := g.ResolveJSON(h.Rules); err != nil {
			return err
		}
		if _, err := g.Strategy(h.Strategy); err != nil {
			return err
		}
		if err := solver.CheckTable(h.Limits.Table); err != nil {
			return fmt.Errorf(`"limits.tt": %v`, err)
		}
		return nil
	}()
	if err != nil {
		return fmt.Errorf("%s:1: %v", name, headerError(err.Error()))
	}
	return nil
}

// missingShards notes, for each split of a seed range (the files of one
// range and shard count), the shards of it that no file holds: one note per
// split, in the order the files name them.
func missingShards(files []*File) []string {
	type split struct {
		seeds Range
		count int
	}
	var order []split
	have := map[split]map[int]bool{}
	for _, f := range files {
		s := split{f.Header.Seeds, f.Header.Shard.norm().Count}
		if have[s] == nil {
			have[s] = map[int]bool{}
			order = append(order, s)
		}
		have[s][f.Header.Shard.norm().Index] = true
	}
	var notes []string
	for _, s := range order {
		var missing []string
		for k := range s.count {
			if !have[s][k] {
				missing = append(missing, fmt.Sprintf("%d/%d", k, s.count))
			}
		}
		if len(missing) == 0 {
			continue
		}
		n := len(missing)
		if len(missing) > 10 {
			missing = append(missing[:10], "...")
		}
		notes = append(notes, fmt.Sprintf("seeds %s: no file for %d of the %d shards (%s)", s.seeds, n, s.count, strings.Join(missing, ", ")))
	}
	return notes
}

// missingText lists up to max seeds of f's shard that f does not record, in
// order, then "..." if there are more. It walks the gaps between the sorted
// recorded seeds, so a huge range costs no more than its records.
func missingText(f *File, max int) string {
	h := f.Header
	step := uint64(h.Shard.norm().Count)
	got := make([]uint64, 0, len(f.Records))
	for _, r := range f.Records {
		got = append(got, r.Seed)
	}
	slices.Sort(got)
	var out []string
	more := false
	add := func(seed uint64) bool {
		if len(out) == max {
			more = true
			return false
		}
		out = append(out, strconv.FormatUint(seed, 10))
		return true
	}
	next, done := h.Seeds.From+uint64(h.Shard.norm().Index), false
	for _, seed := range got {
		for ; next < seed; next += step {
			if !add(next) {
				done = true
				break
			}
		}
		if done {
			break
		}
		if h.Seeds.To-seed < step {
			next, done = 0, true // seed is the shard's last
			break
		}
		next = seed + step
	}
	if !done && next >= h.Seeds.From && next <= h.Seeds.To {
		for seed := range Seeds(Range{next, h.Seeds.To}, Shard{0, int(step)}) {
			if !add(seed) {
				break
			}
		}
	}
	s := strings.Join(out, ", ")
	if more {
		s += ", ..."
	}
	return s
}
