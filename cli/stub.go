package cli

import "errors"

// errNotYet marks commands still being built.
var errNotYet = errors.New("not implemented yet")
