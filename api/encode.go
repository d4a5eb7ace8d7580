package api

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/solitario/solitario/replay"
	"github.com/solitario/solitario/solution"
	"github.com/solitario/solitario/verify"
)

// appendSolution is Encode of s written by hand, byte for byte what
// encoding/json writes (no HTML escapes). encoding/json works by
// reflection, which in WebAssembly costs 14 times its native time: a won
// Del reloj deal's answer took 0.23 ms to write there (16 µs natively),
// a fifth of the whole request. TestSolutionJSON keeps the two equal, and
// TestSolutionFields fails when the types gain a field this does not
// write.
func appendSolution(b []byte, s solution.Solution) ([]byte, error) {
	b = append(b, `{"game":`...)
	b = appendString(b, s.Game)
	b = append(b, `,"rules":`...)
	b = appendRules(b, s.Rules)
	if s.Seed != nil {
		b = append(b, `,"seed":`...)
		b = strconv.AppendUint(b, *s.Seed, 10)
	}
	b = append(b, `,"deal":`...)
	b = appendStrings(b, s.Deal)
	b = append(b, `,"result":`...)
	b = appendString(b, s.Result)
	if s.Reason != "" {
		b = append(b, `,"reason":`...)
		b = appendString(b, s.Reason)
	}
	if len(s.Moves) > 0 {
		b = append(b, `,"moves":`...)
		b = appendMoves(b, s.Moves)
	}
	b = append(b, `,"stats":`...)
	b = appendStats(b, s.Stats)
	if d := s.Difficulty; d != nil {
		b = append(b, `,"difficulty":{`...)
		if d.Grade != "" {
			b = append(b, `"grade":`...)
			b = appendString(b, d.Grade)
			b = append(b, ',')
		}
		b = append(b, `"score":`...)
		var err error
		if b, err = appendFloat(b, d.Score); err != nil {
			return nil, err
		}
		b = append(b, `,"scale":`...)
		b = appendString(b, d.Scale)
		b = append(b, `,"wins":`...)
		b = strconv.AppendInt(b, int64(d.Wins), 10)
		b = append(b, `,"home":`...)
		b = strconv.AppendInt(b, int64(d.Home), 10)
		b = append(b, `,"playouts":`...)
		b = strconv.AppendInt(b, int64(d.Playouts), 10)
		b = append(b, '}')
	}
	if s.MinMoves != 0 { // gen's lines only
		b = append(b, `,"min_moves":`...)
		b = strconv.AppendInt(b, int64(s.MinMoves), 10)
	}
	return append(b, '}'), nil
}

// appendString appends s as a JSON string as encoding/json writes it
// without HTML escapes: ", \ and the control characters escaped (\n, \r,
// \t, \b, \f short), invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped.
func appendString(b []byte, s string) []byte { return appendQuoted(b, s, false) }

// appendQuoted is appendString, with <, > and & escaped too when html
// (encoding/json's default, which json.Marshal inside a MarshalJSON
// method writes).
func appendQuoted(b []byte, s string, html bool) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (!html || c != '<' && c != '>' && c != '&') {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendList appends l, each item by item (nil: null).
func appendList[T any](b []byte, l []T, item func([]byte, T) []byte) []byte {
	if l == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, v := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = item(b, v)
	}
	return append(b, ']')
}

// appendStrings appends a list of strings (nil: null).
func appendStrings(b []byte, l []string) []byte { return appendList(b, l, appendString) }

// appendRules appends a rules object as its MarshalJSON writes it: {} for
// a game without choices, else its fields by json.Marshal, HTML escapes
// and all.
func appendRules(b []byte, r solution.Rules) []byte {
	if r.NoChoices() {
		return append(b, "{}"...)
	}
	b = append(b, `{"play":`...)
	b = appendQuoted(b, r.Play, true)
	b = append(b, `,"passes":`...)
	b = strconv.AppendInt(b, int64(r.Passes), 10)
	if r.ProvisionalWrap != nil {
		b = append(b, `,"provisional_wrap":`...)
		b = strconv.AppendBool(b, *r.ProvisionalWrap)
	}
	if r.EmptyProvisional != "" {
		b = append(b, `,"empty_provisional":`...)
		b = appendQuoted(b, r.EmptyProvisional, true)
	}
	return append(b, '}')
}

// appendMove appends a move object.
func appendMove(b []byte, m solution.Move) []byte {
	b = append(b, `{"from":`...)
	b = appendString(b, m.From)
	b = append(b, `,"to":`...)
	b = appendString(b, m.To)
	if m.Card != "" {
		b = append(b, `,"card":`...)
		b = appendString(b, m.Card)
	}
	return append(b, '}')
}

// appendMoves appends a list of moves (nil: null).
func appendMoves(b []byte, l []solution.Move) []byte { return appendList(b, l, appendMove) }

// appendStats appends a stats object.
func appendStats(b []byte, st solution.Stats) []byte {
	b = append(b, `{"nodes":`...)
	b = strconv.AppendInt(b, st.Nodes, 10)
	b = append(b, `,"cache_hits":`...)
	b = strconv.AppendInt(b, st.CacheHits, 10)
	b = append(b, `,"elapsed_ms":`...)
	b = strconv.AppendInt(b, st.ElapsedMS, 10)
	if st.MaxDepth != 0 {
		b = append(b, `,"max_depth":`...)
		b = strconv.AppendInt(b, int64(st.MaxDepth), 10)
	}
	if st.Step != "" {
		b = append(b, `,"step":`...)
		b = appendString(b, st.Step)
	}
	if st.StepNodes != 0 {
		b = append(b, `,"step_nodes":`...)
		b = strconv.AppendInt(b, st.StepNodes, 10)
	}
	return append(b, '}')
}

// appendFloat appends f as encoding/json writes a float64: the shortest
// decimal, in exponent form below 1e-6 or from 1e21, the exponent without
// a leading zero. NaN and the infinities are no JSON: encoding/json's error.
func appendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return appendJSON(b, f)
	}
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1] // e-07 -> e-7
		b = b[:n-1]
	}
	return b, nil
}

// appendDeal is Encode of a deal answer written by hand (the board asks
// one at its start).
func appendDeal(b []byte, d DealAnswer) []byte {
	b = append(b, `{"game":`...)
	b = appendString(b, d.Game)
	b = append(b, `,"rules":`...)
	b = appendRules(b, d.Rules)
	if d.Seed != nil {
		b = append(b, `,"seed":`...)
		b = strconv.AppendUint(b, *d.Seed, 10)
	}
	b = append(b, `,"deal":`...)
	b = appendStrings(b, d.Deal)
	return append(b, '}')
}

// appendGames is Encode of the games table written by hand (the board
// asks it at its start).
func appendGames(b []byte, l []GameInfo) []byte {
	return appendList(b, l, func(b []byte, g GameInfo) []byte {
		b = append(b, `{"name":`...)
		b = appendString(b, g.Name)
		b = append(b, `,"title":`...)
		b = appendString(b, g.Title)
		if g.Source != "" {
			b = append(b, `,"source":`...)
			b = appendString(b, g.Source)
		}
		b = append(b, `,"deck":`...)
		b = appendString(b, g.Deck)
		b = append(b, `,"copies":`...)
		b = strconv.AppendInt(b, int64(g.Copies), 10)
		b = append(b, `,"cards":`...)
		b = strconv.AppendInt(b, int64(g.Cards), 10)
		b = append(b, `,"defaults":`...)
		b = appendRules(b, g.Defaults)
		b = append(b, `,"options":`...)
		b = appendList(b, g.Options, func(b []byte, o OptionInfo) []byte {
			b = append(b, `{"flag":`...)
			b = appendString(b, o.Flag)
			b = append(b, `,"default":`...)
			b = appendString(b, o.Default)
			if len(o.Values) > 0 {
				b = append(b, `,"values":`...)
				b = appendStrings(b, o.Values)
			}
			b = append(b, `,"doc":`...)
			b = appendString(b, o.Doc)
			return append(b, '}')
		})
		return append(b, '}')
	})
}

// appendPosition is Encode of a position answer written by hand (the
// board asks one after every move, and at its start).
func appendPosition(b []byte, a PositionAnswer) []byte {
	b = append(b, '{')
	if r := a.Replay; r != nil {
		b = append(b, `"game":`...)
		b = appendString(b, r.Game)
		b = append(b, `,"title":`...)
		b = appendString(b, r.Title)
		b = append(b, `,"deck":`...)
		b = appendString(b, r.Deck)
		b = append(b, `,"rules":`...)
		b = appendRules(b, r.Rules)
		if r.Seed != nil {
			b = append(b, `,"seed":`...)
			b = strconv.AppendUint(b, *r.Seed, 10)
		}
		b = append(b, `,"steps":`...)
		b = appendList(b, r.Steps, appendStep)
		b = append(b, `,"won":`...)
		b = strconv.AppendBool(b, r.Won)
		b = append(b, `,"end":`...)
		b = appendString(b, r.End)
		b = append(b, ',')
	}
	b = append(b, `"legal":`...)
	b = appendList(b, a.Legal, func(b []byte, l Legal) []byte {
		b = append(b, `{"move":`...)
		b = appendMove(b, l.Move)
		b = append(b, `,"text":`...)
		b = appendString(b, l.Text)
		return append(b, '}')
	})
	return append(b, '}')
}

// appendStep appends a replay's step: the table after it and its move.
func appendStep(b []byte, s replay.Step) []byte {
	b = append(b, `{"n":`...)
	b = strconv.AppendInt(b, int64(s.N), 10)
	if s.Move != nil {
		b = append(b, `,"move":`...)
		b = appendMove(b, *s.Move)
	}
	if s.Text != "" {
		b = append(b, `,"text":`...)
		b = appendString(b, s.Text)
	}
	b = append(b, `,"position":{"places":`...)
	b = appendList(b, s.Position.Places, func(b []byte, p verify.Place) []byte {
		b = append(b, `{"name":`...)
		b = appendString(b, p.Name)
		b = append(b, `,"cards":`...)
		b = appendStrings(b, p.Cards)
		if p.Under != 0 {
			b = append(b, `,"under":`...)
			b = strconv.AppendInt(b, int64(p.Under), 10)
		}
		return append(b, '}')
	})
	return append(b, "}}"...)
}

// appendHint is Encode of a hint answer written by hand (the board's
// verdict of every position).
func appendHint(b []byte, h HintAnswer) []byte {
	b = append(b, `{"game":`...)
	b = appendString(b, h.Game)
	if h.Seed != nil {
		b = append(b, `,"seed":`...)
		b = strconv.AppendUint(b, *h.Seed, 10)
	}
	b = append(b, `,"after":`...)
	b = strconv.AppendInt(b, int64(h.After), 10)
	b = append(b, `,"result":`...)
	b = appendString(b, h.Result)
	if h.Won {
		b = append(b, `,"won":true`...)
	}
	if h.Reason != "" {
		b = append(b, `,"reason":`...)
		b = appendString(b, h.Reason)
	}
	if h.Next != nil {
		b = append(b, `,"next":`...)
		b = appendMove(b, *h.Next)
	}
	if h.Text != "" {
		b = append(b, `,"next_text":`...)
		b = appendString(b, h.Text)
	}
	if len(h.Moves) > 0 {
		b = append(b, `,"moves":`...)
		b = appendMoves(b, h.Moves)
	}
	if h.Own {
		b = append(b, `,"own_line":true`...)
	}
	b = append(b, `,"stats":`...)
	b = appendStats(b, h.Stats)
	return append(b, '}')
}
