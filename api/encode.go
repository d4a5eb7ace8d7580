package api

import (
	"math"
	"strconv"

	"github.com/solitario/solitario/solution"
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
	if r := s.Rules; r.NoChoices() {
		b = append(b, "{}"...) // Rules.MarshalJSON's
	} else {
		b = append(b, `{"play":`...)
		b = appendString(b, r.Play)
		b = append(b, `,"passes":`...)
		b = strconv.AppendInt(b, int64(r.Passes), 10)
		if r.ProvisionalWrap != nil {
			b = append(b, `,"provisional_wrap":`...)
			b = strconv.AppendBool(b, *r.ProvisionalWrap)
		}
		if r.EmptyProvisional != "" {
			b = append(b, `,"empty_provisional":`...)
			b = appendString(b, r.EmptyProvisional)
		}
		b = append(b, '}')
	}
	if s.Seed != nil {
		b = append(b, `,"seed":`...)
		b = strconv.AppendUint(b, *s.Seed, 10)
	}
	b = append(b, `,"deal":`...)
	if s.Deal == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, t := range s.Deal {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, t)
		}
		b = append(b, ']')
	}
	b = append(b, `,"result":`...)
	b = appendString(b, s.Result)
	if s.Reason != "" {
		b = append(b, `,"reason":`...)
		b = appendString(b, s.Reason)
	}
	if len(s.Moves) > 0 {
		b = append(b, `,"moves":[`...)
		for i, m := range s.Moves {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"from":`...)
			b = appendString(b, m.From)
			b = append(b, `,"to":`...)
			b = appendString(b, m.To)
			if m.Card != "" {
				b = append(b, `,"card":`...)
				b = appendString(b, m.Card)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	st := s.Stats
	b = append(b, `,"stats":{"nodes":`...)
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
	b = append(b, '}')
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
	return append(b, '}'), nil
}

// appendString appends s as a JSON string: at once when every byte is
// printable ASCII other than " and \ (the names of places and cards, the
// game's words), else as encoding/json writes it.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			q, _ := appendJSON(nil, s) // a string always encodes
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
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
