solitario bench --game orologio52 --seeds 1..1000 --strategies dfs,dfs-flat,default --tt-mem 16MiB --json
