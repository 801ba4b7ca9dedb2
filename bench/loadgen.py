"""A small closed-loop HTTP load generator, for machines without wrk (bench/deposits.py runs it in
processes of its own): CONNECTIONS keep-alive connections, each sending the next request when the last
answer arrives, for DURATION seconds. Prints `<requests> <non-200 answers>`.

    python bench/loadgen.py PORT HOST COOKIE PATH DURATION CONNECTIONS
"""

from __future__ import annotations

import http.client
import sys
import threading
import time


def main() -> None:
    port, host, cookie, path = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    duration, connections = float(sys.argv[5]), int(sys.argv[6])
    headers = {"Host": host, "Cookie": cookie}
    counts = [[0, 0] for _ in range(connections)]
    deadline = time.monotonic() + duration

    def run(index: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < deadline:
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            response.read()
            counts[index][0] += 1
            counts[index][1] += response.status != 200

    threads = [threading.Thread(target=run, args=(n,)) for n in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(sum(c[0] for c in counts), sum(c[1] for c in counts))


if __name__ == "__main__":
    main()
