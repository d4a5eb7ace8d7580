// Package state holds what the packed game positions share; each game's
// position, moves and key live in its own subpackage (state/reloj,
// state/ventaglio, state/sietes, state/orologio).
package state
