go run ./bench/cmd/wasmspeed -chunk 25 -warmup 50 -cli /tmp/fw/sol-cli
