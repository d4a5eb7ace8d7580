solitario bench --game ventaglio --seeds 1..100 --strategies default,dfs-restarts --max-nodes 5000000 --json
