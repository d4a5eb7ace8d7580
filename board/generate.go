package board

//go:generate go run ./gen
