from django.apps import AppConfig


class PlatformSettingsConfig(AppConfig):
    # Public schema: one row of settings an operator changes without a deploy (admin/config).
    name = "platform_settings"
    verbose_name = "Platform settings"
