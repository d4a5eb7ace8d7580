package solution

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/solitario/solitario/internal/strictjson"
	"github.com/solitario/solitario/internal/words"
)

// Stop says, while the moves of a solution object are read, whether the
// line read so far is reason enough to read no more of it: head is the
// object's other fields read before "moves" (decoded leniently; its Moves
// nil), moves the moves so far. Package position's IllegalPrefix stops at
// a prefix with an illegal move: the referee refuses the whole line there
// whatever follows, so a file of millions of moves illegal at move 63 is
// refused having read 64 of them.
type Stop func(head *Solution, moves []Move) bool

// splitMoves reads data, one JSON object, streaming its "moves" so that
// they are held once, each place and card name shared (intern): about the
// file's size, where decoding the whole object at once held it several
// times over. It asks stop whether to go on each time the moves read reach
// a power of two from 64; stopped, moves is the line so far. head is the
// object's other fields as a JSON object, for the strict decoding.
//
// ok is false for any text that is not plainly an object whose keys are
// all different and whose moves are each a strict move object: then the
// strict decoding of the whole text words its problem.
func splitMoves(data []byte, stop Stop) (head []byte, moves []Move, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte(words.BOM))))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, nil, false
	}
	var b bytes.Buffer
	b.WriteByte('{')
	seen := map[string]bool{}
	intern := map[string]string{}
	name := func(s string) string {
		if v, ok := intern[s]; ok {
			return v
		}
		intern[s] = s
		return s
	}
	for dec.More() {
		t, err := dec.Token()
		key, isKey := t.(string)
		if err != nil || !isKey || seen[strings.ToLower(key)] {
			return nil, nil, false
		}
		seen[strings.ToLower(key)] = true
		if key != "moves" {
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return nil, nil, false
			}
			if b.Len() > 1 {
				b.WriteByte(',')
			}
			kb, _ := json.Marshal(key)
			b.Write(kb)
			b.WriteByte(':')
			b.Write(raw)
			continue
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return nil, nil, false
		}
		next := 64
		for dec.More() {
			var raw json.RawMessage
			var m Move
			if err := dec.Decode(&raw); err != nil || string(raw) == "null" || strictjson.Decode(raw, &m) != nil {
				return nil, nil, false
			}
			moves = append(moves, Move{From: name(m.From), To: name(m.To), Card: name(m.Card)})
			if len(moves) == next {
				next *= 2
				if stop != nil {
					var h Solution
					if json.Unmarshal(append(bytes.Clone(b.Bytes()), '}'), &h) == nil && stop(&h, moves) {
						b.WriteByte('}')
						return b.Bytes(), moves, true
					}
				}
			}
		}
		if t, err := dec.Token(); err != nil || t != json.Delim(']') {
			return nil, nil, false
		}
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') {
		return nil, nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		// More after the object, a second one or text that is no JSON
		// (Token's error): the strict decoding words it.
		return nil, nil, false
	}
	b.WriteByte('}')
	return b.Bytes(), moves, true
}

// DecodeStopping is Read of data, read so far: its moves read streaming
// (held once, not several times over), and no further than stop says
// (Stop): stopped, the Solution's Moves are the line up to there, which
// the referee refuses as it would the whole. Problems are worded as Read
// words them.
func DecodeStopping(data []byte, stop Stop) (*Solution, error) {
	head, moves, ok := splitMoves(data, stop)
	if !ok {
		return decodeSolution(data)
	}
	s, err := decodeSolution(head)
	if err != nil {
		return decodeSolution(data) // worded with the whole text's offsets
	}
	s.Moves = moves
	return s, nil
}

// DecodeGameStopping is DecodeGame of data, its moves read as
// DecodeStopping reads them.
func DecodeGameStopping(data []byte, stop Stop) (*Solution, json.RawMessage, error) {
	head, moves, ok := splitMoves(data, stop)
	if !ok {
		return DecodeGame(data)
	}
	s, rules, err := DecodeGame(head)
	if err != nil {
		return DecodeGame(data)
	}
	s.Moves = moves
	return s, rules, nil
}
