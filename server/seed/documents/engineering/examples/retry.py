"""Retry with exponential backoff and full jitter (Python version).

Used by the data team's scripts that call the Beacon API. Retries timeouts,
HTTP 429 and 5xx responses; anything else is raised immediately.
"""

from __future__ import annotations

import random
import time
from typing import Callable, TypeVar

import requests

T = TypeVar("T")

RETRYABLE_STATUS = {429, 500, 502, 503, 504}


def retry(operation: Callable[[], T], attempts: int = 5, base_delay: float = 0.2,
          max_delay: float = 10.0) -> T:
    """Call ``operation`` until it succeeds or ``attempts`` are used up."""
    for attempt in range(1, attempts + 1):
        try:
            return operation()
        except requests.HTTPError as error:
            status = error.response.status_code if error.response is not None else None
            if attempt == attempts or status not in RETRYABLE_STATUS:
                raise
            retry_after = error.response.headers.get("Retry-After") if error.response else None
            if retry_after and retry_after.isdigit():
                time.sleep(min(max_delay, int(retry_after)))
                continue
        except (requests.ConnectionError, requests.Timeout):
            if attempt == attempts:
                raise
        cap = min(max_delay, base_delay * 2 ** (attempt - 1))
        time.sleep(random.uniform(0, cap))
    raise RuntimeError("unreachable")


def fetch_jobs(token: str, day: str) -> list[dict]:
    def call() -> list[dict]:
        response = requests.get(
            "https://api.beacon.example/v1/jobs",
            params={"date": day, "limit": 200},
            headers={"Authorization": f"Bearer {token}"},
            timeout=15,
        )
        response.raise_for_status()
        return response.json()["data"]

    return retry(call)


if __name__ == "__main__":
    import os

    jobs = fetch_jobs(os.environ["BEACON_TOKEN"], "2026-11-03")
    print(f"{len(jobs)} jobs scheduled")
