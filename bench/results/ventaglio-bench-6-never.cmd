solitario bench --game ventaglio --empty-provisional never --seeds 1..30 --strategies default,dfs-restarts,portfolio --max-nodes 2000000 --json
