"""Cofre settings, driven by environment variables.

COFRE_ENV picks the profile: `local` (default; `make run` on a laptop, plain HTTP on localhost),
`test` (pytest) or `production` (secure cookies, HSTS, SSL redirect; requires SECRET_KEY and passes
`manage.py check --deploy`). DATABASE_URL and REDIS_URL point at real servers; when unset, the
embedded PostgreSQL and Redis of `config.embedded` are started (see ARCHITECTURE.md).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

import config.paths
from config import embedded
from core.crypto import check_keys, development_key, parse_keys
from core.redis_options import connection_options
from gateway.registry import plugin_django_apps

BASE_DIR: Path = config.paths.BASE_DIR


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


COFRE_ENV = os.environ.get("COFRE_ENV", "test" if "pytest" in sys.modules else "local")
if COFRE_ENV not in {"local", "test", "production"}:
    raise RuntimeError(f"COFRE_ENV must be local, test or production, not {COFRE_ENV!r}")
PRODUCTION = COFRE_ENV == "production"

_INSECURE_DEV_KEY = "cofre-local-development-key-not-for-production-use-0123456789"
SECRET_KEY = os.environ.get("SECRET_KEY", "" if PRODUCTION else _INSECURE_DEV_KEY)
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set in production")

# Secrets at rest (plugin configuration; core/crypto.py): Fernet keys, comma-separated; the first
# encrypts, all decrypt (rotation: put a new key first, `manage.py reencrypt_secrets`, drop the old).
# Without the variable, local and test runs use a key generated once in .data/encryption.key.
COFRE_ENCRYPTION_KEYS = parse_keys(os.environ.get("COFRE_ENCRYPTION_KEYS", ""))
if not COFRE_ENCRYPTION_KEYS:
    if PRODUCTION:
        raise RuntimeError("COFRE_ENCRYPTION_KEYS must be set in production (see README: secrets at rest)")
    COFRE_ENCRYPTION_KEYS = [development_key(BASE_DIR / ".data" / "encryption.key")]
check_keys(COFRE_ENCRYPTION_KEYS)  # a malformed key stops the start, with how to make one

DEBUG = env_bool("DEBUG", default=False)
BASE_DOMAIN = os.environ.get("BASE_DOMAIN", "localhost")
PORT = int(os.environ.get("PORT", "8000"))
if COFRE_ENV == "test" and "PORT" not in os.environ:
    # A test run serves its own gunicorn on a free port; a test provider's webhooks go there.
    PORT = embedded.free_port()
ALLOWED_HOSTS = [BASE_DOMAIN, f".{BASE_DOMAIN}", "127.0.0.1"]

# ---------------------------------------------------------------- apps (django-tenants split)
# Public schema: tenants and domains, identities and memberships, sessions, the platform's books.
SHARED_APPS = [
    "django_tenants",
    "tenants",
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.sessions",
    "django.contrib.staticfiles",
    "ninja",  # serves Swagger UI's own static files (no CDN offline)
    "guardian",  # public grants over public objects (e.g. an employee over the tenants assigned)
    "accounts",
    "audit",
    "core",
    "files",  # the platform's own files (staff exports)
    "outbox",  # jobs not in Redis yet (written with their transaction, or kept when Redis refused them)
    "notifications",
    "ledger",
    "gateway",
    "compliance",  # per-client payout auto-approval rules (answer across clients)
    "platform_settings",  # limits, TED hours, the maintenance banner (admin/config): one public row
    "restrictions",  # block lists of parties, platform-wide or per client (enforced where money moves)
    "med",  # MED cases reported by bank providers (the MED desk answers across clients)
    "kyc",  # KYC onboarding files of the clients (the staff's queue answers across clients)
    "stats",  # statistics roll-ups per tenant, day, method, currency and status (answer across clients)
    "statements",  # statements of ledger accounts, external adjustments (maker-checker), client balances
    "ops",  # the top floor: demo seed and operators' commands (no models)
    "exports",  # staff's exports (the volume per client), in the platform's own schema
    "batch_files",  # CNAB 240 remittances of payouts and the banks' returns (the platform's account)
    # Plugins' own Django apps (hook cofre_django_apps, e.g. an outside bank's own state): public.
    *plugin_django_apps(),
]
# Tenant schemas: the merchant's own records. guardian lives here too: grants on tenant objects must
# be stored per schema, or a grant on tenant A's object id 1 answers True on tenant B's id 1.
TENANT_APPS = [
    "guardian",
    "audit",
    "core",
    "files",  # the tenant's files (exports, imports, documents)
    "payments",
    "refunds",
    "direct_deposits",  # the client's PIX keys and the money sent to them with no charge
    "bank_accounts",
    "payouts",
    "payout_imports",  # spreadsheets of payout requests (clients/manual-withdraws)
    "credentials",  # API keys of merchant integrations (DESIGN.md decision 1: in the tenant schema)
    "webhooks",  # webhooks to merchants: endpoints, events, deliveries and their attempts
    "exports",  # exports of the lists to files, made by a job (the files app stores them)
    "customers",  # a client's customers: the roll-up of its payers, its notes and tags (client/crm)
    "company",  # the company's own settings and logo (clients/config)
]
if env_bool("COFRE_BENCH_COLUMN", default=False):  # bench/tenants_scale.py: a migration on every tenant
    TENANT_APPS.append("bench.tenantcolumn")
INSTALLED_APPS = list(dict.fromkeys(SHARED_APPS + TENANT_APPS))

TENANT_MODEL = "tenants.Tenant"
TENANT_DOMAIN_MODEL = "tenants.Domain"
PUBLIC_SCHEMA_NAME = "public"
ROOT_URLCONF = "config.urls_tenant"
PUBLIC_SCHEMA_URLCONF = "config.urls_public"
# Reads of reports, exports and statistics on DATABASE_REPLICA_URL when set (core/replica.py: only in
# their scope, never in a transaction that wrote); django-tenants' router decides migrations.
DATABASE_ROUTERS = ("core.replica.ReplicaRouter", "django_tenants.routers.TenantSyncRouter")
# New tenants are cloned from this migrated schema (tenants/template.py): fast whatever the migrations.
TENANT_BASE_SCHEMA = "tenant_template"
TENANT_CREATION_FAKES_MIGRATIONS = True
# SET search_path once per schema change, not before every query (halves the round trips).
TENANT_LIMIT_SET_CALLS = True
# migrate_schemas migrates only the tenant schemas with something to apply (one catalog read finds
# them), TENANT_MIGRATION_PARALLEL at a time, each with its own connection (tenants/migration_executor.py).
GET_EXECUTOR_FUNCTION = "tenants.migration_executor.get_executor"
TENANT_MULTIPROCESSING_MAX_PROCESSES = int(os.environ.get("TENANT_MIGRATION_PARALLEL", "2"))
TENANT_MULTIPROCESSING_CHUNKS = 8  # schemas handed to a process at a time
# Clones of the template kept ready, renamed to a new tenant's schema at provisioning (tenants/spares.py);
# the worker tops them up. 0 in the test session unless set (the spares' own tests set it).
TENANT_SPARE_SCHEMAS = int(os.environ.get("TENANT_SPARE_SCHEMAS", "0" if COFRE_ENV == "test" else "2"))

MIDDLEWARE = [
    "core.csp.ContentSecurityPolicyMiddleware",  # every answer, error pages included (core/csp.py)
    "accounts.tenant_middleware.CachedTenantMiddleware",  # django-tenants' TenantMainMiddleware, cached
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "audit.middleware.RequestOriginMiddleware",  # address and user agent of the audit entries written
    "core.api_errors.ApiErrorMiddleware",  # JSON 404/405 under /api/ (unknown address or method)
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.TenantSessionMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
            ]
        },
    }
]

WSGI_APPLICATION = "config.wsgi.application"

# ---------------------------------------------------------------- data stores
DATABASE_URL = os.environ.get("DATABASE_URL") or embedded.postgres_url()
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
DATABASES["default"]["ENGINE"] = "django_tenants.postgresql_backend"
if COFRE_ENV == "test":
    # One test database per run: two runs at once (a developer's and a helper's) never collide.
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{os.getpid()}"}
DATABASE_REPLICA_URL = os.environ.get("DATABASE_REPLICA_URL", "")
if DATABASE_REPLICA_URL:  # a streaming replica of DATABASE_URL's database (core/replica.py)
    DATABASES["replica"] = dj_database_url.parse(
        DATABASE_REPLICA_URL, conn_max_age=60, conn_health_checks=True
    )
    DATABASES["replica"]["ENGINE"] = "django_tenants.postgresql_backend"  # sets the tenant's search path
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL") or embedded.redis_url(private=COFRE_ENV == "test")
# Root of every Redis key (cache, throttles, job queues). A test run uses its own, so it can share a
# Redis with a running `make run` without either seeing the other's keys or jobs.
REDIS_NAMESPACE = os.environ.get("REDIS_NAMESPACE") or (
    f"test-{os.getpid()}" if COFRE_ENV == "test" else "cofre"
)
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        # Every cache key carries the tenant schema: no key can answer for another tenant.
        "KEY_FUNCTION": "django_tenants.cache.make_key",
        "REVERSE_KEY_FUNCTION": "django_tenants.cache.reverse_key",
        "KEY_PREFIX": REDIS_NAMESPACE,
        # Fail fast and retry once (core/redis_options.py): the cache must not hold a request.
        "OPTIONS": connection_options(),
    }
}

# ---------------------------------------------------------------- identity
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "accounts.backends.MembershipBackend",
    "guardian.backends.ObjectPermissionBackend",
]
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
if COFRE_ENV == "test":
    # Argon2 at full cost makes every test login ~50 ms; production hashes stay argon2 (tested).
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *PASSWORD_HASHERS]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
GUARDIAN_ANONYMOUS_USER_CACHE_TTL = 0  # its cache key ignores the tenant (DESIGN.md)
ANONYMOUS_USER_NAME = None  # no guardian anonymous user row: anonymous callers get nothing
LOGIN_MAX_FAILURES_PER_ACCOUNT = int(os.environ.get("LOGIN_MAX_FAILURES_PER_ACCOUNT", "5"))
LOGIN_MAX_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_MAX_FAILURES_PER_ADDRESS", "20"))
LOGIN_LOCKOUT_SECONDS = int(os.environ.get("LOGIN_LOCKOUT_SECONDS", "900"))
# Second factor (accounts.second_factor): how recent a verified code must be before a sensitive change
# (step-up), and how long a staff session may stay without a request.
# How long a create's answer stays to be replayed for the same Idempotency-Key (core.idempotency).
IDEMPOTENCY_KEEP_SECONDS = int(os.environ.get("IDEMPOTENCY_KEEP_SECONDS", str(24 * 3600)))
STEP_UP_SECONDS = int(os.environ.get("STEP_UP_SECONDS", "300"))
STAFF_IDLE_TIMEOUT_SECONDS = int(os.environ.get("STAFF_IDLE_TIMEOUT_SECONDS", "1800"))
# The public receipt verifier (GET /api/receipts/verify): questions per address in a window.
RECEIPT_VERIFY_MAX_PER_ADDRESS = int(os.environ.get("RECEIPT_VERIFY_MAX_PER_ADDRESS", "30"))
RECEIPT_VERIFY_WINDOW_SECONDS = int(os.environ.get("RECEIPT_VERIFY_WINDOW_SECONDS", "600"))
# Merchant API keys (credentials): calls per key per window (429 with Retry-After beyond), and how many
# usable (not revoked, not expired) keys a tenant may hold.
API_KEY_RATE_LIMIT = int(os.environ.get("API_KEY_RATE_LIMIT", "600"))
API_KEY_RATE_WINDOW_SECONDS = int(os.environ.get("API_KEY_RATE_WINDOW_SECONDS", "60"))
API_KEYS_PER_TENANT = int(os.environ.get("API_KEYS_PER_TENANT", "20"))

SESSION_COOKIE_AGE = 60 * 60 * 12
# Read from Redis, written to both (a session survives a Redis restart; the cache is skipped when Redis
# is unreachable): one round trip to Redis instead of a query per request.
SESSION_ENGINE = "core.sessions"  # cached_db that keeps working while Redis is away
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
CSRF_TRUSTED_ORIGINS = [
    f"{scheme}://{host}" for scheme in ("http", "https") for host in (BASE_DOMAIN, f"*.{BASE_DOMAIN}")
]
CSRF_FAILURE_VIEW = "core.views.csrf_failure"

# ---------------------------------------------------------------- i18n
LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", "Português (Brasil)"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "America/Sao_Paulo"
USE_TZ = True

# ---------------------------------------------------------------- static files and the SPA
STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / ".data" / "static"
FRONTEND_DIST = BASE_DIR / "frontend" / "dist"
WHITENOISE_ROOT = FRONTEND_DIST  # serves /plataforma/assets/* built by Vite
WHITENOISE_USE_FINDERS = not PRODUCTION
if COFRE_ENV == "test" and "MEDIA_ROOT" not in os.environ:
    # A test run keeps its files apart from `make run`'s and from other runs (like its database); the
    # servers it starts inherit the folder through the environment.
    os.environ["MEDIA_ROOT"] = str(BASE_DIR / ".data" / "test-media" / str(os.getpid()))
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", str(BASE_DIR / ".data" / "media")))
# ---------------------------------------------------------------- e-mail, sent by the notifications app
# EMAIL_URL (smtp://user:password@host:587, smtp+tls://..., smtps://... for implicit TLS) or EMAIL_HOST
# and friends send through SMTP. With neither, mail lands in files a developer can read: one .log file
# per message in .data/mail/ (a test run: .data/test-mail/<pid>/, inherited by the servers it starts).
# Django's test runner swaps in its in-memory backend (django.core.mail.outbox) in the test process.
if COFRE_ENV == "test" and "EMAIL_FILE_PATH" not in os.environ:
    os.environ["EMAIL_FILE_PATH"] = str(BASE_DIR / ".data" / "test-mail" / str(os.getpid()))
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(BASE_DIR / ".data" / "mail"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", f"Cofre <no-reply@{BASE_DOMAIN}>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
_email_url = urlsplit(os.environ.get("EMAIL_URL", ""))
if _email_url.scheme:
    if _email_url.scheme not in ("smtp", "smtp+tls", "smtps"):
        raise ImproperlyConfigured(f"EMAIL_URL: unknown scheme {_email_url.scheme!r} (smtp, smtp+tls, smtps)")
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = _email_url.hostname or "localhost"
    EMAIL_PORT = _email_url.port or {"smtp": 25, "smtp+tls": 587, "smtps": 465}[_email_url.scheme]
    EMAIL_HOST_USER = unquote(_email_url.username or "")
    EMAIL_HOST_PASSWORD = unquote(_email_url.password or "")
    EMAIL_USE_TLS = _email_url.scheme == "smtp+tls"
    EMAIL_USE_SSL = _email_url.scheme == "smtps"
elif os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "1").lower() in ("1", "true", "yes")
    EMAIL_USE_SSL = os.environ.get("EMAIL_USE_SSL", "").lower() in ("1", "true", "yes")
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
# Links in mail (password reset): the scheme the site is reached with.
SITE_SCHEME = os.environ.get("SITE_SCHEME", "https" if PRODUCTION else "http")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Tenants' files (files.services): a folder by default; any storage backend in a deployment with
    # several machines (the keys start with the tenant's schema).
    "cofre_files": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": str(MEDIA_ROOT / "files")},
    },
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# ---------------------------------------------------------------- jobs
# bench/: mounts the bare views the API benchmark compares against (never in production).
BENCH_VIEWS = env_bool("COFRE_BENCH", default=False) and not PRODUCTION
# Periodic jobs (core.periodic): a run of one job in one tenant reads at most PERIODIC_RUN_ROWS rows a
# step, in batches of PERIODIC_BATCH_SIZE, for at most PERIODIC_RUN_SECONDS; the next tick goes on.
# The tick sends a (job, tenant) again only once its last message ran or PERIODIC_QUEUED_SECONDS passed.
PERIODIC_RUN_ROWS = int(os.environ.get("PERIODIC_RUN_ROWS", "1000"))
PERIODIC_BATCH_SIZE = int(os.environ.get("PERIODIC_BATCH_SIZE", "200"))
PERIODIC_RUN_SECONDS = float(os.environ.get("PERIODIC_RUN_SECONDS", "20"))
PERIODIC_QUEUED_SECONDS = float(os.environ.get("PERIODIC_QUEUED_SECONDS", "120"))
HEALTH_WORKER_TIMEOUT_SECONDS = float(os.environ.get("HEALTH_WORKER_TIMEOUT_SECONDS", "5"))
# A worker whose heartbeat is older than this is dead: its unacknowledged messages (e.g. a payout
# submission cut by a kill) are put back on the queue by the next broker doing maintenance, which
# happens on DRAMATIQ_MAINTENANCE_CHANCE out of a million Redis commands (dramatiq's defaults).
DRAMATIQ_HEARTBEAT_TIMEOUT_MS = int(os.environ.get("DRAMATIQ_HEARTBEAT_TIMEOUT_MS", "60000"))
DRAMATIQ_MAINTENANCE_CHANCE = int(os.environ.get("DRAMATIQ_MAINTENANCE_CHANCE", "1000"))
# The job outbox (outbox): each worker process relays due jobs every interval; a job enqueued on
# commit is left to its own commit hook for the grace period before a relay may send it.
OUTBOX_RELAY_INTERVAL_SECONDS = float(os.environ.get("OUTBOX_RELAY_INTERVAL_SECONDS", "1"))

# Webhooks to merchants (platform/webhooks). Safe by default: no delivery to private, loopback or
# link-local addresses unless COFRE_WEBHOOKS_ALLOW_PRIVATE is on (`make run`'s demo turns it on, so a
# receiver on the same machine works). The demo receiver (/api/webhook-receiver/...) only exists
# with COFRE_WEBHOOKS_DEMO_RECEIVER on, never in production.
WEBHOOKS_ALLOW_PRIVATE_ADDRESSES = env_bool("COFRE_WEBHOOKS_ALLOW_PRIVATE", default=False)
WEBHOOKS_DEMO_RECEIVER = env_bool("COFRE_WEBHOOKS_DEMO_RECEIVER", default=False) and not PRODUCTION
WEBHOOK_TIMEOUT_SECONDS = float(os.environ.get("COFRE_WEBHOOK_TIMEOUT_SECONDS", "5"))
WEBHOOK_RESPONSE_READ_LIMIT = 65_536  # bytes of an answer read at most
WEBHOOK_BODY_LIMIT = 4_096  # characters of a request or response body kept in the delivery log
# Retries: base * 2^(n-1) with full jitter, capped; the endpoint pauses after that many failures in a
# row (30 s base, 4 h cap, 15 failures: about a day of retries).
WEBHOOK_RETRY_BASE_SECONDS = float(os.environ.get("COFRE_WEBHOOK_RETRY_BASE_SECONDS", "30"))
WEBHOOK_RETRY_MAX_SECONDS = float(os.environ.get("COFRE_WEBHOOK_RETRY_MAX_SECONDS", "14400"))
WEBHOOK_PAUSE_AFTER_FAILURES = int(os.environ.get("COFRE_WEBHOOK_PAUSE_AFTER_FAILURES", "15"))
WEBHOOK_SECRET_OVERLAP_HOURS = 24  # after a rotation, the previous secret signs too for that long
WEBHOOK_RUN_SECONDS = 2.0  # a drain run yields its thread after this long (fair to other endpoints)
OUTBOX_COMMIT_GRACE_SECONDS = float(os.environ.get("OUTBOX_COMMIT_GRACE_SECONDS", "5"))

# ---------------------------------------------------------------- security (production profile)
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
if PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_REDIRECT_EXEMPT = [r"^api/health$"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}
