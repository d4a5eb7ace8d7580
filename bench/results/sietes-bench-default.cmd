solitario bench --game sietes --seeds 1..1000 --strategies flat-order,ristretto-prune,flat-prune,default --tt-mem 64MiB --max-nodes 1000000 --json
