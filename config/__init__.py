"""Project configuration: settings, URLconfs, WSGI/ASGI entry points, the dramatiq broker."""
