from django.apps import AppConfig


class KycConfig(AppConfig):
    # Public schema: the staff queue (admin/customers-kyc) answers across clients in one query. A file
    # names its client's tenant; its documents' bytes are stored files of the client's own schema.
    name = "kyc"
    verbose_name = "KYC onboarding files of the clients"

    def ready(self) -> None:
        # The clock ticks the periodic review per client (reminders, then review_due).
        from core.periodic import register_periodic
        from kyc import notices
        from kyc.tasks import kyc_jobs

        notices.register()
        register_periodic("kyc", kyc_jobs)
