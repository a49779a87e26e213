"""Schemathesis over the whole OpenAPI document, against the real app over the seeds store: every
operation, with generated valid and invalid parameters, a fixed seed and a bounded number of examples.
It fails on any 5xx, on a status or a body the document does not declare, and on a wrong content type."""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import positive_data_acceptance

from server import create_app

EXAMPLES_PER_OPERATION = 40
# OpenAPI 3.1 cannot say "from and to, or among": each parameter of /api/connections is optional on its own,
# so a request with none is schema-valid and rightly refused (400). That one check is off for that one
# operation; every other check (no 5xx, declared statuses and bodies, content type) runs on it too.
DEPENDENT_PARAMETERS = {"/api/connections"}


def test_the_api_keeps_its_openapi_promises(seeds_build: Any) -> None:
    app = create_app({"store_dir": str(seeds_build[0])})
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {op.path for op in operations} >= {"/api/connections", "/api/entities", "/api/central"}
    try:
        for operation in operations:
            @given(case=operation.as_strategy())
            @settings(max_examples=EXAMPLES_PER_OPERATION, derandomize=True, deadline=None, database=None,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
            def check(case: Any) -> None:
                excluded = [positive_data_acceptance] if case.operation.path in DEPENDENT_PARAMETERS else []
                case.call_and_validate(excluded_checks=excluded)

            check()
    finally:
        app.extensions["bbkg_executor"].kill()
