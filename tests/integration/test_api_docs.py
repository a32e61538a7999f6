"""/docs and /openapi.json: the WebSocket and the token are documented, and Swagger can authorize."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from agentic_neurodata.api.app import create_app
from tests.support.settings import make_settings

TOKEN = "docs-token-4567"


def test_description_documents_the_websocket_events_and_the_token(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as client:
        description = client.get("/openapi.json").json()["info"]["description"]
    for words in (
        "/ws",
        "`type`",
        "`message`",
        "`stage`",
        "`status`",
        "`timestamp`",
        "`metadata`",
        "progress",
        "stage_update",
        "awaiting_input",
        "next_action",
        "snapshot",
        "4401",
        "Authorization: Bearer",
        "X-API-Token",
        "?token=",
    ):
        assert words in description, words


def test_without_api_token_the_schemes_are_declared_but_optional(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as client:
        schema = client.get("/openapi.json").json()
        assert client.get("/docs").status_code == 200
    schemes = schema["components"]["securitySchemes"]
    assert schemes["bearerToken"] == {
        "type": "http",
        "scheme": "bearer",
        "description": schemes["bearerToken"]["description"],
    }
    assert schemes["tokenQuery"]["in"] == "query" and schemes["tokenQuery"]["name"] == "token"
    assert schemes["tokenHeader"]["in"] == "header" and schemes["tokenHeader"]["name"] == "X-API-Token"
    assert schema["security"] == [{"bearerToken": []}, {"tokenHeader": []}, {"tokenQuery": []}, {}]


def test_with_api_token_every_operation_requires_one_of_the_schemes(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path, api_token=TOKEN))) as client:
        schema = client.get("/openapi.json", headers={"Authorization": f"Bearer {TOKEN}"}).json()
        # What Swagger's Authorize sends works: each scheme in turn.
        assert client.get("/api/status", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 200
        assert client.get("/api/status", headers={"X-API-Token": TOKEN}).status_code == 200
        assert client.get("/api/status", params={"token": TOKEN}).status_code == 200
    assert schema["security"] == [{"bearerToken": []}, {"tokenHeader": []}, {"tokenQuery": []}]
    assert all(
        "security" not in op for name, path in schema["paths"].items() for op in path.values() if name != "/health"
    )  # the global one applies
    assert schema["paths"]["/health"]["get"]["security"] == []  # liveness checks need no token
