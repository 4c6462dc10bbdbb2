"""The classroom site: Django project and app in one package, built on the games engine."""
