module github.com/solitario/solitario

go 1.26.0

require github.com/dgraph-io/ristretto/v2 v2.4.2

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/dustin/go-humanize v1.0.1 // indirect
	golang.org/x/sys v0.50.0 // indirect
)
