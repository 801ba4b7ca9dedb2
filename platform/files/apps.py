from django.apps import AppConfig


class FilesConfig(AppConfig):
    name = "files"
    verbose_name = "Stored files"
