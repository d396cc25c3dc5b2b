"""ProviderError: read-only fields, validation of its arguments, and its JSON shape."""

from __future__ import annotations

import pickle

import jsonschema
import pytest

from agent_ir import schemas
from agent_ir.replies import ProviderError, ProviderErrorCode

Code = ProviderErrorCode


def error_validator() -> jsonschema.Draft202012Validator:
    schema_id = schemas.load("model-stream")["$id"]
    return jsonschema.Draft202012Validator(
        {"$ref": f"{schema_id}#/$defs/ProviderFailure"}, registry=schemas.registry()
    )


def test_the_codes_are_the_fourteen_codes_of_the_schema() -> None:
    enum = schemas.load("model-stream")["$defs"]["ProviderErrorCode"]["enum"]
    assert [code.value for code in ProviderErrorCode] == enum
    assert len(enum) == 14
    assert enum[-1] == "PROVIDER_EVENT_TOO_LARGE"  # a line or event over max_event_bytes


def test_a_provider_error_exposes_code_message_record_index_and_provider_code() -> None:
    error = ProviderError(
        "PROVIDER_TRANSPORT_ERROR", "slow down", record_index=3, provider_code="rate_limited"
    )
    assert isinstance(error, Exception)
    assert error.code is Code.PROVIDER_TRANSPORT_ERROR
    assert (error.message, error.record_index, error.provider_code) == (
        "slow down",
        3,
        "rate_limited",
    )
    assert str(error) == "PROVIDER_TRANSPORT_ERROR: slow down"
    assert (
        repr(error)
        == "ProviderError('PROVIDER_TRANSPORT_ERROR', 'slow down', record_index=3, provider_code='rate_limited')"
    )


def test_defaults_are_none() -> None:
    error = ProviderError(Code.PROVIDER_EXHAUSTED, "empty")
    assert (error.record_index, error.provider_code) == (None, None)


@pytest.mark.parametrize("name", ["code", "message", "record_index", "provider_code"])
def test_the_fields_are_read_only(name: str) -> None:
    error = ProviderError(Code.PROVIDER_CANCELLED, "stop")
    with pytest.raises(AttributeError):
        setattr(error, name, "changed")
    assert (error.code, error.message) == (Code.PROVIDER_CANCELLED, "stop")


def test_to_json_value_omits_absent_fields_and_validates_against_the_schema() -> None:
    bare = ProviderError(Code.PROVIDER_EXHAUSTED, "empty").to_json_value()
    full = ProviderError(
        Code.PROVIDER_TRANSPORT_ERROR, "m", record_index=0, provider_code="p"
    ).to_json_value()
    assert bare == {"code": "PROVIDER_EXHAUSTED", "message": "empty"}
    assert full == {
        "code": "PROVIDER_TRANSPORT_ERROR",
        "message": "m",
        "recordIndex": 0,
        "providerCode": "p",
    }
    assert list(error_validator().iter_errors(bare)) == []
    assert list(error_validator().iter_errors(full)) == []


@pytest.mark.parametrize(
    ("arguments", "keywords", "exception"),
    [
        (("NOT_A_CODE", "m"), {}, ValueError),
        ((Code.PROVIDER_EXHAUSTED, 5), {}, TypeError),
        ((Code.PROVIDER_EXHAUSTED, "m"), {"record_index": -1}, ValueError),
        ((Code.PROVIDER_EXHAUSTED, "m"), {"record_index": True}, ValueError),
        ((Code.PROVIDER_EXHAUSTED, "m"), {"record_index": 1.0}, ValueError),
        ((Code.PROVIDER_EXHAUSTED, "m"), {"provider_code": 5}, TypeError),
    ],
    ids=[
        "unknown-code",
        "int-message",
        "negative-index",
        "bool-index",
        "float-index",
        "int-provider-code",
    ],
)
def test_invalid_arguments_are_refused(
    arguments: tuple[object, ...], keywords: dict[str, object], exception: type[Exception]
) -> None:
    with pytest.raises(exception):
        ProviderError(*arguments, **keywords)  # type: ignore[arg-type]


def test_a_provider_error_survives_pickling() -> None:
    error = ProviderError(Code.PROVIDER_TRANSPORT_ERROR, "m", record_index=2, provider_code="p")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.code, copy.message, copy.record_index, copy.provider_code) == (
        Code.PROVIDER_TRANSPORT_ERROR,
        "m",
        2,
        "p",
    )
