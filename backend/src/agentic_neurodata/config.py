"""All configuration: environment variables and `.env`, read here and nowhere else."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

# The model providers: a remote API, a model server of the lab's own, or none (rules and templates).
LLMProviderName = Literal["anthropic", "openai-compatible", "offline"]


class Settings(BaseSettings):
    """Service settings. Every field is documented in `.env.example` with its default."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    # LLM
    anthropic_api_key: SecretStr | None = None
    llm_provider: Literal["auto", "anthropic", "openai-compatible", "offline"] = "auto"
    anthropic_model: str = "claude-sonnet-4-5"
    # A local model server speaking the OpenAI chat completions API (Ollama, llama.cpp's llama-server).
    openai_compatible_base_url: str = "http://127.0.0.1:11434/v1"
    openai_compatible_model: str | None = None
    openai_compatible_api_key: SecretStr | None = None
    openai_compatible_context_chars: int = Field(default=24_000, ge=2_000)
    llm_timeout_s: float = Field(default=60.0, gt=0)
    llm_max_retries: int = Field(default=3, ge=0)

    # Storage
    upload_dir: Path = Path("./uploads")
    output_dir: Path = Path("./outputs")
    log_dir: Path = Path("./logs")
    state_dir: Path = Path("./state")
    max_upload_size_gb: float = Field(default=50.0, gt=0)
    # all: every upload stays until its session is deleted; unfinished: the upload of a session that
    # finished (completed, declined or stopped) is deleted then; failed ones keep theirs to try again.
    keep_uploads: Literal["all", "unfinished"] = "all"

    # Web
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    api_token: SecretStr | None = None
    cors_origins: Annotated[list[str], NoDecode] = ["http://127.0.0.1:5173", "http://localhost:5173"]
    # Host names (besides the bound address, localhost and loopback addresses) the service answers to.
    allowed_hosts: Annotated[list[str], NoDecode] = []
    frontend_dist: Path = Path("./frontend/dist")

    # Conversion
    compression: Literal["gzip", "lz4", "zstd", "none"] = "gzip"
    compression_level: int = Field(default=3, ge=0, le=22)
    conversion_threads: int = Field(default=0, ge=0, description="0 = one per CPU core")
    conversion_buffer_mb: int = Field(default=64, ge=8)
    detection_timeout_s: float = Field(default=20.0, gt=0)
    # session: <folder>_v1.nwb; dandi: sub-<subject>_ses-<session>_desc-v1_<modality>.nwb (DANDI's layout)
    output_naming: Literal["session", "dandi"] = "session"

    # Batches (many sessions): none = an embedded Dask LocalCluster sized to this machine; an address
    # (tcp://host:8786) sends the sessions to an existing Dask cluster whose workers see the same storage.
    dask_scheduler_address: str | None = None
    batch_workers: int = Field(default=0, ge=0, description="0 = sized to the machine's cores and memory")
    batch_memory_per_session_gb: float = Field(default=2.0, gt=0)
    # Folders under which REST clients may start a batch on recordings read in place (comma-separated);
    # empty: only uploaded folders. The command line and the MCP server read what their user can read.
    batch_folders: Annotated[list[Path], NoDecode] = []

    @field_validator("cors_origins", "allowed_hosts", "batch_folders", mode="before")
    @classmethod
    def _split_list(cls, value: object) -> object:
        if isinstance(value, str):
            return [item.strip() for item in value.split(",") if item.strip()]
        return value

    @field_validator(
        "anthropic_api_key",
        "api_token",
        "openai_compatible_api_key",
        "openai_compatible_model",
        "dask_scheduler_address",
        mode="before",
    )
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def max_upload_bytes(self) -> int:
        return int(self.max_upload_size_gb * 1024**3)

    @property
    def effective_llm_provider(self) -> LLMProviderName:
        if self.llm_provider == "auto":
            return "anthropic" if self.anthropic_api_key else "offline"
        return self.llm_provider

    def ensure_directories(self) -> None:
        for directory in (self.upload_dir, self.output_dir, self.log_dir, self.state_dir):
            directory.mkdir(parents=True, exist_ok=True)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
