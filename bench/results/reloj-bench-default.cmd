solitario bench --game reloj --seeds 1..500 --tt-mem 64MiB --json
