solitario analyze --game sietes --play free --passes 2 --seeds 1..1000000 --jsonl sietes-table-free-2.jsonl --quiet --json
