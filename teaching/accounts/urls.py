"""URLs of accounts: a teacher's sign-up, log-in and log-out; a pupil's three-step log-in;
a teacher unlocking logins and marking her school's devices."""

from __future__ import annotations

from django.contrib.auth.views import LogoutView
from django.urls import URLPattern, path

from teaching.accounts import views

urlpatterns: list[URLPattern] = [
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/signup/<str:token>/", views.signup_confirm, name="signup_confirm"),
    path("accounts/login/", views.teacher_login, name="login"),
    path("accounts/logout/", LogoutView.as_view(), name="logout"),
    path("join/", views.pupil_login, name="pupil_login"),
    path("join/<str:code>/", views.pupil_login_names, name="pupil_login_names"),
    path("join/<str:code>/<int:pupil_id>/", views.pupil_login_secret,
         name="pupil_login_secret"),
    path("classes/<int:classroom_id>/logins/unlock/", views.classroom_logins_unlock,
         name="classroom_logins_unlock"),
    path("classes/<int:classroom_id>/pupils/<int:pupil_id>/logins/unlock/",
         views.pupil_login_unlock, name="pupil_login_unlock"),
    path("accounts/school-devices/", views.school_devices, name="school_devices"),
    path("accounts/school-devices/mark/", views.school_device_mark, name="school_device_mark"),
    path("accounts/school-devices/<int:device_id>/forget/", views.school_device_forget,
         name="school_device_forget"),
]
