"""User-visible messages of the API, by machine-readable code, in every interface language.

The API answers errors as `{"code": ..., "message": ...}`; `message` comes from here in the request's
language (pt-BR by default). A test checks every code has every language with the same placeholders.
"""

from __future__ import annotations

from django.utils import translation

LANGUAGES = ("pt-BR", "en")

MESSAGES: dict[str, dict[str, str]] = {
    # PIX keys (direct_deposits)
    "pix_key_limit": {
        "pt-BR": "Uma empresa pode ter no máximo {limit} chaves PIX. Remova uma antes de cadastrar outra.",
        "en": "A company may have at most {limit} PIX keys. Remove one before adding another.",
    },
    "pix_key_taken": {
        "pt-BR": "Esta chave PIX já está cadastrada.",
        "en": "This PIX key is already registered.",
    },
    "pix_key_refused": {
        "pt-BR": "O banco recusou esta chave PIX. Confira a chave e tente novamente.",
        "en": "The bank refused this PIX key. Check the key and try again.",
    },
    "not_authenticated": {
        "pt-BR": "Sua sessão expirou. Entre novamente.",
        "en": "Your session has expired. Please log in again.",
    },
    "forbidden": {
        "pt-BR": "Você não tem permissão para esta ação.",
        "en": "You do not have permission for this action.",
    },
    "not_found": {"pt-BR": "Registro não encontrado.", "en": "Record not found."},
    "invalid_input": {
        "pt-BR": "Verifique os campos destacados.",
        "en": "Please check the highlighted fields.",
    },
    # a partner managing its clients (backoffice.services: the allowance and the fee floor)
    "outside_partner_allowance": {
        "pt-BR": "A plataforma não permite que este parceiro altere isto neste cliente.",
        "en": "The platform does not allow this partner to change this on the client.",
    },
    "below_fee_floor": {
        "pt-BR": "A tarifa não pode ficar abaixo do piso da plataforma para este parceiro.",
        "en": "The fee cannot be lower than the platform's floor for this partner.",
    },
    "currency_not_accepted": {
        "pt-BR": "Este meio de pagamento não aceita a moeda {currency}.",
        "en": "This payment method does not accept {currency}.",
    },
    "csrf_failed": {
        "pt-BR": "Sua sessão de segurança expirou. Recarregue a página.",
        "en": "Your security token expired. Reload the page.",
    },
    "internal_error": {"pt-BR": "Por favor, tente novamente mais tarde.", "en": "Please, try again later"},
    # requests the API cannot read (core.api_errors maps them; never a 500)
    "request_too_large": {
        "pt-BR": "O conteúdo enviado é grande demais para esta operação.",
        "en": "The request body is too large for this operation.",
    },
    "malformed_request": {
        "pt-BR": "Não foi possível ler o conteúdo enviado: confira o formato (Content-Type) e o corpo.",
        "en": "The request body could not be read: check its format (Content-Type) and content.",
    },
    "unknown_endpoint": {
        "pt-BR": "Este endereço não existe na API.",
        "en": "This address does not exist in the API.",
    },
    "method_not_allowed": {
        "pt-BR": "Este endereço da API não aceita o método {method}.",
        "en": "This API address does not accept the {method} method.",
    },
    "invalid_cursor": {
        "pt-BR": "Esta página da lista não é válida. Volte para a primeira página.",
        "en": "This page of the list is not valid. Go back to the first page.",
    },
    "service_unavailable": {
        "pt-BR": "O serviço está temporariamente indisponível. Tente novamente em instantes.",
        "en": "The service is temporarily unavailable. Please try again in a moment.",
    },
    "invalid_credentials": {"pt-BR": "E-mail ou senha inválidos.", "en": "Invalid e-mail or password."},
    "too_many_attempts": {
        "pt-BR": "Muitas tentativas. Tente novamente em {minutes} minutos.",
        "en": "Too many attempts. Try again in {minutes} minutes.",
    },
    "invalid_code": {
        "pt-BR": "Código inválido ou já usado. Confira o código do aplicativo e tente de novo.",
        "en": "Invalid or already used code. Check your app's code and try again.",
    },
    "step_up_required": {
        "pt-BR": "Confirme com o seu código de verificação em duas etapas para continuar.",
        "en": "Confirm with your two-step verification code to continue.",
    },
    "second_factor_enrolment_required": {
        "pt-BR": "Esta alteração exige a verificação em duas etapas. Ative um aplicativo autenticador "
        "ou uma chave de acesso para continuar.",
        "en": "This change requires two-step verification. Set up an authenticator app or a passkey "
        "to continue.",
    },
    "second_factor_exists": {
        "pt-BR": "O aplicativo autenticador já está ativo. Desative-o antes de cadastrar outro.",
        "en": "The authenticator app is already enabled. Disable it before enrolling another.",
    },
    "second_factor_not_started": {
        "pt-BR": "Comece a ativação da verificação em duas etapas de novo.",
        "en": "Start enabling two-step verification again.",
    },
    "second_factor_required": {
        "pt-BR": "O seu perfil exige a verificação em duas etapas: cadastre outro método antes de "
        "remover este.",
        "en": "Your role requires two-step verification: add another method before removing this one.",
    },
    "second_factor_session_expired": {
        "pt-BR": "A etapa de login expirou. Entre com e-mail e senha de novo.",
        "en": "The sign-in step expired. Sign in with e-mail and password again.",
    },
    "passkey_failed": {
        "pt-BR": "Não foi possível verificar a chave de acesso. Tente de novo.",
        "en": "The passkey could not be verified. Try again.",
    },
    "tenant_suspended": {
        "pt-BR": "Esta conta está suspensa. Fale com o suporte.",
        "en": "This account is suspended. Please contact support.",
    },
    "wrong_password": {"pt-BR": "A senha atual está incorreta.", "en": "The current password is incorrect."},
    "read_only_role": {
        "pt-BR": "Seu perfil permite apenas consulta.",
        "en": "Your role is read-only.",
    },
    "member_exists": {
        "pt-BR": "Esta pessoa já faz parte da conta.",
        "en": "This person is already a member.",
    },
    "cannot_change_self": {
        "pt-BR": "Você não pode alterar o próprio acesso.",
        "en": "You cannot change your own access.",
    },
    "notice_period_invalid": {
        "pt-BR": "O fim do aviso precisa ser depois do início e ainda no futuro.",
        "en": "The notice must end after it starts, and in the future.",
    },
    "last_owner": {
        "pt-BR": "A conta precisa de ao menos um proprietário ativo: promova outra pessoa antes.",
        "en": "The account needs at least one active owner: promote someone else first.",
    },
    "invalid_file": {
        "pt-BR": "Arquivo inválido: envie PNG, JPEG ou WebP de até 1 MB.",
        "en": "Invalid file: send a PNG, JPEG or WebP up to 1 MB.",
    },
    "logo_not_an_image": {
        "pt-BR": "O logotipo precisa ser uma imagem PNG ou JPEG.",
        "en": "The logo must be a PNG or JPEG image.",
    },
    "logo_too_large": {
        "pt-BR": "O logotipo passa de {kilobytes} KB: envie uma imagem menor.",
        "en": "The logo exceeds {kilobytes} KB: send a smaller image.",
    },
    "threshold_above_platform_limit": {
        "pt-BR": "O limite de aprovação não pode passar do maior saque permitido pela plataforma ({limit}).",
        "en": "The approval threshold cannot exceed the largest payout the platform allows ({limit}).",
    },
    "image_too_large": {
        "pt-BR": "A imagem tem pixels demais: envie uma de até {megapixels} megapixels.",
        "en": "The image has too many pixels: send one of up to {megapixels} megapixels.",
    },
    "insufficient_funds": {"pt-BR": "Saldo insuficiente.", "en": "Insufficient funds."},
    "receipt_not_paid": {
        "pt-BR": "Este depósito ainda não foi pago: não há comprovante (situação: {status_name}).",
        "en": "This deposit has not been paid yet: there is no receipt (status: {status_name}).",
    },
    "invalid_transition": {
        "pt-BR": "Não é possível passar de {current} para {target}.",
        "en": "Cannot move from {current} to {target}.",
    },
    "plugin_misconfigured": {
        "pt-BR": "O meio de pagamento {plugin} não está configurado. Fale com o suporte.",
        "en": "The payment plugin {plugin} is not configured. Please contact support.",
    },
    "secrets_unreadable": {
        "pt-BR": "Um segredo guardado não pôde ser decifrado com as chaves configuradas "
        "(COFRE_ENCRYPTION_KEYS). Fale com o suporte.",
        "en": "A stored secret could not be decrypted with the configured keys (COFRE_ENCRYPTION_KEYS). "
        "Please contact support.",
    },
    "webhook_rejected": {"pt-BR": "Webhook recusado.", "en": "Webhook rejected."},
    "ledger_unbalanced": {"pt-BR": "Por favor, tente novamente mais tarde.", "en": "Please, try again later"},
    "ledger_invalid_entry": {
        "pt-BR": "Por favor, tente novamente mais tarde.",
        "en": "Please, try again later",
    },
    "billet_failed": {"pt-BR": "Problemas para gerar o boleto", "en": "Problems to generate the billet"},
    "weak_password": {"pt-BR": "Senha fraca: {reasons}", "en": "Weak password: {reasons}"},
    "invalid_token": {
        "pt-BR": "Este link de redefinição de senha é inválido ou já foi usado. Peça um novo.",
        "en": "This password reset link is invalid or was already used. Ask for a new one.",
    },
    # money out: bank accounts, payouts, compliance review, refunds
    "idempotency_key_required": {
        "pt-BR": "Envie o cabeçalho Idempotency-Key com uma chave única para esta solicitação.",
        "en": "Send an Idempotency-Key header with a unique key for this request.",
    },
    "idempotency_conflict": {
        "pt-BR": "Esta chave de idempotência já foi usada em outra solicitação.",
        "en": "This idempotency key was already used for a different request.",
    },
    "maker_checker": {
        "pt-BR": "Quem criou o saque não pode aprová-lo: outra pessoa precisa revisar.",
        "en": "Whoever created the withdrawal cannot approve it: someone else must review it.",
    },
    "payout_not_cancelable": {
        "pt-BR": "Só é possível cancelar saques aguardando revisão (situação atual: {status_now}).",
        "en": "Only withdrawals waiting for review can be canceled (current status: {status_now}).",
    },
    "reason_required": {"pt-BR": "Informe o motivo.", "en": "Please give a reason."},
    "limit_exceeded": {
        "pt-BR": "O valor passa do limite por saque da plataforma ({limit}).",
        "en": "The amount is above the platform's limit per payout ({limit}).",
    },
    "daily_limit_exceeded": {
        "pt-BR": "Este saque passa do limite diário de saques da empresa ({limit}; disponível hoje: {left}).",
        "en": "This payout goes over the company's daily payout limit ({limit}; left today: {left}).",
    },
    "night_pix_limit_exceeded": {
        "pt-BR": "PIX para pessoa física entre {starts} e {ends} tem limite de {limit} por saque.",
        "en": "A PIX to a person between {starts} and {ends} is limited to {limit} per payout.",
    },
    "ted_outside_hours": {
        "pt-BR": "TED só é aceita entre {opens} e {cutoff} (horário de Brasília).",
        "en": "TED is only accepted between {opens} and {cutoff} (Brasília time).",
    },
    "wallet_own_account_only": {
        "pt-BR": "O saque da carteira só pode ir para uma conta bancária cadastrada da própria empresa.",
        "en": "A wallet withdrawal can only go to one of the company's own registered bank accounts.",
    },
    "bank_account_invalid": {
        "pt-BR": "Dados bancários inválidos: verifique os campos destacados.",
        "en": "Invalid bank details: please check the highlighted fields.",
    },
    "refund_not_allowed": {
        "pt-BR": "Só depósitos pagos podem ser estornados (situação atual: {status_now}).",
        "en": "Only paid deposits can be refunded (current status: {status_now}).",
    },
    "refund_window_closed": {
        "pt-BR": "O prazo para estornar um PIX é de {days} dias após o pagamento.",
        "en": "A PIX payment can only be refunded within {days} days of payment.",
    },
    # API keys (client/credentials)
    "invalid_api_key": {
        "pt-BR": "Chave de API inválida, expirada ou revogada.",
        "en": "Invalid, expired or revoked API key.",
    },
    "key_read_only": {
        "pt-BR": "Esta chave de API é somente leitura: ela não pode criar nem alterar nada.",
        "en": "This API key is read-only: it cannot create or change anything.",
    },
    "key_ip_not_allowed": {
        "pt-BR": "Esta chave de API não aceita chamadas deste endereço IP.",
        "en": "This API key does not accept calls from this IP address.",
    },
    "key_rate_limited": {
        "pt-BR": "Muitas chamadas com esta chave de API. Tente novamente em {seconds} segundos.",
        "en": "Too many calls with this API key. Try again in {seconds} seconds.",
    },
    "api_key_limit_reached": {
        "pt-BR": "Limite de {limit} chaves de API ativas atingido. Revogue uma antes de criar outra.",
        "en": "The limit of {limit} active API keys has been reached. Revoke one before creating another.",
    },
    "api_key_expiry_past": {
        "pt-BR": "A data de validade precisa estar no futuro.",
        "en": "The expiry date must be in the future.",
    },
    # Plugins refused for the plugin API version they are built for (admin/deposits-banks)
    "plugin_refused_no_version": {
        "pt-BR": "O plugin {name} não declara a versão da API de plugins (COFRE_PLUGIN_API) e não foi "
        "carregado. Esta instalação oferece a versão {version}.",
        "en": "Plugin {name} declares no plugin API version (COFRE_PLUGIN_API) and was not loaded. "
        "This installation provides version {version}.",
    },
    "plugin_refused_bad_version": {
        "pt-BR": 'O plugin {name} declara a versão "{declared}" da API de plugins, que não é do tipo '
        "MAIOR.MENOR, e não foi carregado. Esta instalação oferece a versão {version}.",
        "en": 'Plugin {name} declares plugin API version "{declared}", which is not MAJOR.MINOR, and '
        "was not loaded. This installation provides version {version}.",
    },
    "plugin_refused_other_major": {
        "pt-BR": "O plugin {name} foi feito para a versão {declared} da API de plugins, incompatível com "
        "a versão {version} desta instalação, e não foi carregado. Instale uma versão do plugin feita "
        "para a {version}.",
        "en": "Plugin {name} is built for plugin API {declared}, which is incompatible with this "
        "installation's {version}, and was not loaded. Install a release of the plugin built for {version}.",
    },
    "plugin_refused_newer_minor": {
        "pt-BR": "O plugin {name} foi feito para a versão {declared} da API de plugins, mais nova que a "
        "versão {version} desta instalação, e não foi carregado. Atualize o Cofre ou use uma versão "
        "anterior do plugin.",
        "en": "Plugin {name} is built for plugin API {declared}, newer than this installation's {version}, "
        "and was not loaded. Upgrade Cofre or use an earlier release of the plugin.",
    },
    "api_key_not_active": {
        "pt-BR": "Só é possível rotacionar uma chave ativa (esta está revogada ou expirada).",
        "en": "Only an active key can be rotated (this one is revoked or expired).",
    },
    "refund_exceeds_amount": {
        "pt-BR": "A soma dos estornos não pode ultrapassar o valor pago.",
        "en": "Refunds cannot add up to more than the amount paid.",
    },
    # Webhooks to merchants (clients/webhooks)
    "webhook_url_invalid": {
        "pt-BR": "Informe uma URL http:// ou https:// válida, sem usuário e senha (até 500 caracteres).",
        "en": "Enter a valid http:// or https:// URL, with no user or password (500 characters at most).",
    },
    "webhook_url_unresolvable": {
        "pt-BR": "Não foi possível encontrar o endereço desta URL (DNS).",
        "en": "The address of this URL could not be found (DNS).",
    },
    "webhook_url_private": {
        "pt-BR": "Webhooks não podem ser enviados a endereços privados, locais ou de link-local.",
        "en": "Webhooks cannot be sent to private, loopback or link-local addresses.",
    },
    "webhook_events_required": {
        "pt-BR": "Escolha ao menos um tipo de evento.",
        "en": "Choose at least one event type.",
    },
    "webhook_event_unknown": {
        "pt-BR": "Tipo de evento desconhecido: {event}.",
        "en": "Unknown event type: {event}.",
    },
    "webhook_endpoints_limit": {
        "pt-BR": "Limite de {limit} endpoints de webhook atingido.",
        "en": "The limit of {limit} webhook endpoints has been reached.",
    },
    # payout imports (clients/manual-withdraws): the file
    "not_a_spreadsheet": {
        "pt-BR": "Este arquivo não é uma planilha: envie um arquivo XLSX, CSV ou CNAB 240.",
        "en": "This file is not a spreadsheet: upload an XLSX, CSV or CNAB 240 file.",
    },
    "password_protected": {
        "pt-BR": "A planilha está protegida por senha. Remova a senha e envie novamente.",
        "en": "The spreadsheet is password-protected. Remove the password and upload it again.",
    },
    "legacy_xls": {
        "pt-BR": "Planilhas .xls antigas não são aceitas: salve como XLSX ou CSV.",
        "en": "Old .xls spreadsheets are not accepted: save it as XLSX or CSV.",
    },
    "zip_bomb": {
        "pt-BR": "A planilha descompactada passaria de {megabytes} MB: divida-a em arquivos menores.",
        "en": "The spreadsheet would exceed {megabytes} MB uncompressed: split it into smaller files.",
    },
    "file_too_large": {
        "pt-BR": "O arquivo passa de {megabytes} MB: divida-o em arquivos menores.",
        "en": "The file exceeds {megabytes} MB: split it into smaller files.",
    },
    "too_many_rows": {
        "pt-BR": "A planilha tem mais de {limit} linhas: divida-a em arquivos menores.",
        "en": "The spreadsheet has more than {limit} rows: split it into smaller files.",
    },
    "too_many_columns": {
        "pt-BR": "A planilha tem mais de {limit} colunas.",
        "en": "The spreadsheet has more than {limit} columns.",
    },
    "formulas_not_allowed": {
        "pt-BR": "A planilha tem fórmulas (célula {cell}): envie apenas valores.",
        "en": "The spreadsheet has formulas (cell {cell}): upload values only.",
    },
    "merged_header_cells": {
        "pt-BR": "O cabeçalho tem células mescladas ({cells}): desfaça a mesclagem.",
        "en": "The header has merged cells ({cells}): unmerge them.",
    },
    "merged_cells": {
        "pt-BR": "A planilha tem células mescladas ({cells}): desfaça a mesclagem.",
        "en": "The spreadsheet has merged cells ({cells}): unmerge them.",
    },
    "missing_headers": {
        "pt-BR": "Faltam colunas no cabeçalho: {columns}. Use a planilha de exemplo.",
        "en": "Columns missing from the header: {columns}. Use the example spreadsheet.",
    },
    "duplicate_headers": {
        "pt-BR": "Colunas repetidas no cabeçalho: {columns}.",
        "en": "Columns repeated in the header: {columns}.",
    },
    "empty_file": {
        "pt-BR": "A planilha não tem nenhuma linha de saque.",
        "en": "The spreadsheet has no withdrawal rows.",
    },
    "duplicate_import": {
        "pt-BR": "Este arquivo já foi importado (importação {import_id}).",
        "en": "This file was already imported (import {import_id}).",
    },
    "import_canceled": {
        "pt-BR": "Esta importação foi cancelada.",
        "en": "This import was canceled.",
    },
    "import_not_cancelable": {
        "pt-BR": "Esta importação já foi confirmada e não pode ser cancelada.",
        "en": "This import was already confirmed and cannot be canceled.",
    },
    "import_not_submitted": {"pt-BR": "Não enviado.", "en": "Not submitted."},
    # payout imports: a row's errors (by column) and why a row was not submitted
    "import_row_invalid": {"pt-BR": "Valor inválido.", "en": "Invalid value."},
    "import_row_required": {"pt-BR": "Campo obrigatório.", "en": "Required field."},
    "import_row_invalid_format": {"pt-BR": "Formato inválido.", "en": "Invalid format."},
    "import_row_invalid_choice": {"pt-BR": "Opção inválida.", "en": "Invalid option."},
    "import_row_invalid_type": {
        "pt-BR": "Tipo de célula inválido (use texto ou número).",
        "en": "Invalid cell type (use text or a number).",
    },
    "import_row_too_long": {"pt-BR": "Mais de {limit} caracteres.", "en": "More than {limit} characters."},
    "import_row_invalid_email": {"pt-BR": "E-mail inválido.", "en": "Invalid e-mail."},
    "import_row_invalid_document": {"pt-BR": "CPF ou CNPJ inválido.", "en": "Invalid CPF or CNPJ."},
    "import_row_invalid_amount": {
        "pt-BR": "Valor inválido (ex.: 1.234,56 ou 1234.56).",
        "en": "Invalid amount (e.g. 1.234,56 or 1234.56).",
    },
    "import_row_amount_out_of_range": {
        "pt-BR": "O valor precisa ser maior que zero e até R$ 99.999.999,99.",
        "en": "The amount must be above zero and at most R$ 99.999.999,99.",
    },
    "import_row_invalid_pix_key": {"pt-BR": "Chave PIX inválida.", "en": "Invalid PIX key."},
    "import_row_pix_key_or_bank_required": {
        "pt-BR": "Informe uma chave PIX ou banco, agência e conta.",
        "en": "Give a PIX key or bank, agency and account.",
    },
    "import_row_unknown_bank": {"pt-BR": "Banco desconhecido.", "en": "Unknown bank."},
    "import_row_does_not_match_ispb": {
        "pt-BR": "O código do banco não corresponde ao ISPB.",
        "en": "The bank code does not match the ISPB.",
    },
    "import_row_check_digit_mismatch": {
        "pt-BR": "Dígito verificador não confere.",
        "en": "The check digit does not match.",
    },
    "import_row_too_long_for_bank": {
        "pt-BR": "Número longo demais para este banco.",
        "en": "Number too long for this bank.",
    },
    "import_row_duplicate_row": {
        "pt-BR": "Linha repetida (igual à linha {line}).",
        "en": "Duplicate row (same as line {line}).",
    },
    "import_row_boleto_not_supported": {
        "pt-BR": "Pagamento de boleto (segmento J): a importação de saques só faz TED e PIX.",
        "en": "Boleto payment (segment J): withdrawal imports only make TED and PIX transfers.",
    },
    # payout imports: a CNAB 240 remittance refused, with the line of the record at fault
    "cnab_invalid_length": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: o registro tem {length} caracteres; deveria ter 240.",
        "en": "CNAB 240 file, line {line}: the record has {length} characters; it should have 240.",
    },
    "cnab_unsupported_record": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: tipo de registro ou segmento desconhecido.",
        "en": "CNAB 240 file, line {line}: unknown record type or segment.",
    },
    "cnab_invalid_value": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: número ou data inválida no campo {field}.",
        "en": "CNAB 240 file, line {line}: invalid number or date in field {field}.",
    },
    "cnab_wrong_layout": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: o registro não corresponde ao leiaute.",
        "en": "CNAB 240 file, line {line}: the record does not match the layout.",
    },
    "cnab_unexpected_record": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: registro fora de ordem.",
        "en": "CNAB 240 file, line {line}: record out of order.",
    },
    "cnab_batch_count_mismatch": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: o trailer do lote declara {declared} registros; "
        "o lote tem {counted}.",
        "en": "CNAB 240 file, line {line}: the batch trailer declares {declared} records; "
        "the batch has {counted}.",
    },
    "cnab_batch_total_mismatch": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: o trailer do lote soma {declared} centavos; "
        "os pagamentos somam {counted}.",
        "en": "CNAB 240 file, line {line}: the batch trailer totals {declared} centavos; "
        "the payments add up to {counted}.",
    },
    "cnab_file_count_mismatch": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: as quantidades do trailer do arquivo não conferem.",
        "en": "CNAB 240 file, line {line}: the file trailer's counts do not match.",
    },
    "cnab_missing_trailer": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: falta o trailer do lote ou do arquivo.",
        "en": "CNAB 240 file, line {line}: the batch or file trailer is missing.",
    },
    "cnab_not_a_remittance": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: este é um arquivo de retorno, não de remessa.",
        "en": "CNAB 240 file, line {line}: this is a return file, not a remittance.",
    },
    "cnab_not_a_return": {
        "pt-BR": "Arquivo CNAB 240, linha {line}: este é um arquivo de remessa, não de retorno.",
        "en": "CNAB 240 file, line {line}: this is a remittance, not a return file.",
    },
    "cnab_empty_return": {
        "pt-BR": "O arquivo de retorno não tem nenhum pagamento.",
        "en": "The return file has no payments.",
    },
    # batch files (CNAB 240 payouts by file)
    "no_payouts_to_send": {
        "pt-BR": "Não há saques aprovados deste banco fora de uma remessa.",
        "en": "There are no approved payouts of this bank outside a remittance.",
    },
    "batch_files_not_supported": {
        "pt-BR": "Este banco não recebe saques por arquivo.",
        "en": "This bank does not take payouts by file.",
    },
    "not_a_remittance": {
        "pt-BR": "Este arquivo não é uma remessa.",
        "en": "This file is not a remittance.",
    },
    "return_simulation_not_supported": {
        "pt-BR": "Este banco não simula retornos: carregue o arquivo de retorno que ele enviou.",
        "en": "This bank does not simulate returns: load the return file it sent.",
    },
    "unknown_provider": {
        "pt-BR": "Banco desconhecido.",
        "en": "Unknown bank.",
    },
    "unsupported_method": {
        "pt-BR": "Este banco não faz saques por este meio.",
        "en": "This bank does not make payouts by this method.",
    },
    "refund_not_supported": {
        "pt-BR": "O banco deste depósito não faz estornos deste meio de pagamento.",
        "en": "This deposit's bank does not refund this payment method.",
    },
    # the MED desk (platform/med)
    "med_open": {
        "pt-BR": "Este depósito tem um caso MED em aberto: o estorno só pode sair pela decisão do caso.",
        "en": "This deposit has an open MED case: a refund can only go out through the case's decision.",
    },
    "med_not_open": {
        "pt-BR": "Este caso MED não aguarda decisão (situação atual: {status_now}).",
        "en": "This MED case is not waiting for a decision (current status: {status_now}).",
    },
    "justification_required": {
        "pt-BR": "Escreva uma justificativa (ao menos 10 caracteres).",
        "en": "Write a justification (at least 10 characters).",
    },
    "med_evidence_required": {
        "pt-BR": "Anexe ao menos uma evidência (PDF, PNG ou JPEG) ao caso antes de aceitar a contestação.",
        "en": "Attach at least one piece of evidence (PDF, PNG or JPEG) before accepting the claim.",
    },
    "too_many_evidence_files": {
        "pt-BR": "O caso já tem {limit} evidências anexadas.",
        "en": "The case already has {limit} pieces of evidence attached.",
    },
    # KYC onboarding (platform/kyc)
    "kyc_not_approved": {
        "pt-BR": "Saques só são liberados depois que o cadastro KYC da empresa for aprovado.",
        "en": "Payouts are only allowed once the company's KYC file is approved.",
    },
    "kyc_locked": {
        "pt-BR": "O cadastro KYC não pode ser alterado agora (situação atual: {status_now}).",
        "en": "The KYC file cannot be changed now (current status: {status_now}).",
    },
    "kyc_transition_refused": {
        "pt-BR": "Esta ação não é possível na situação atual do cadastro KYC ({status_now}).",
        "en": "This action is not possible in the KYC file's current status ({status_now}).",
    },
    "kyc_incomplete": {
        "pt-BR": "O cadastro KYC está incompleto: preencha os campos e envie os documentos indicados.",
        "en": "The KYC file is incomplete: fill in the fields and upload the documents shown.",
    },
    "unsupported_document_type": {
        "pt-BR": "Envie o documento em PDF, PNG ou JPEG.",
        "en": "Upload the document as a PDF, PNG or JPEG.",
    },
    "reason_too_short": {
        "pt-BR": "Escreva o motivo (ao menos 10 caracteres).",
        "en": "Write the reason (at least 10 characters).",
    },
    "too_many_documents": {
        "pt-BR": "O cadastro já tem {limit} documentos: remova algum antes de enviar outro.",
        "en": "The file already has {limit} documents: remove one before uploading another.",
    },
    # restrictions (platform/restrictions): refused movements and the maker-checker of proposals
    "restricted": {
        "pt-BR": "Operação recusada: {party} está em uma lista de restrições da plataforma.",
        "en": "Operation refused: {party} is on one of the platform's restriction lists.",
    },
    "restricted_party_document": {"pt-BR": "o CPF/CNPJ informado", "en": "the CPF/CNPJ given"},
    "restricted_party_pix_key": {"pt-BR": "a chave PIX informada", "en": "the PIX key given"},
    "restricted_party_bank_account": {"pt-BR": "a conta bancária informada", "en": "the bank account given"},
    "restricted_party_email": {"pt-BR": "o e-mail informado", "en": "the e-mail given"},
    "restricted_party_phone": {"pt-BR": "o telefone informado", "en": "the phone given"},
    "adjustment_self_confirmation": {
        "pt-BR": "Quem propôs o lançamento não pode confirmá-lo: outra pessoa da equipe precisa confirmar.",
        "en": "Whoever proposed the entry cannot confirm it: another staff member must.",
    },
    "adjustment_not_pending": {
        "pt-BR": "Este lançamento não aguarda confirmação (situação atual: {status_now}).",
        "en": "This entry is not waiting for confirmation (current status: {status_now}).",
    },
    "restriction_self_validation": {
        "pt-BR": "Quem propôs a restrição não pode validá-la: outra pessoa da equipe precisa validar.",
        "en": "Whoever proposed the restriction cannot validate it: another staff member must.",
    },
    "restriction_not_pending": {
        "pt-BR": "Esta restrição não aguarda validação (situação atual: {status_now}).",
        "en": "This restriction is not waiting for validation (current status: {status_now}).",
    },
    "restriction_not_active": {
        "pt-BR": "Só é possível revogar uma restrição ativa (situação atual: {status_now}).",
        "en": "Only an active restriction can be revoked (current status: {status_now}).",
    },
    "restriction_exists": {
        "pt-BR": "Já existe uma restrição proposta ou ativa para este valor neste escopo.",
        "en": "A proposed or active restriction already exists for this value in this scope.",
    },
    "alert_not_open": {
        "pt-BR": "Este alerta não pode mais ser alterado assim (situação atual: {status_now}).",
        "en": "This alert can no longer be changed that way (current status: {status_now}).",
    },
    # a field the API's input validation refused (core.api_errors: pydantic's error type -> these)
    "field_required": {"pt-BR": "Campo obrigatório.", "en": "This field is required."},
    "field_too_short": {
        "pt-BR": "Use pelo menos {limit} caracteres.",
        "en": "Use at least {limit} characters.",
    },
    "field_too_long": {
        "pt-BR": "Use no máximo {limit} caracteres.",
        "en": "Use at most {limit} characters.",
    },
    "field_greater_than": {"pt-BR": "Deve ser maior que {limit}.", "en": "Must be greater than {limit}."},
    "field_at_least": {"pt-BR": "Deve ser no mínimo {limit}.", "en": "Must be at least {limit}."},
    "field_less_than": {"pt-BR": "Deve ser menor que {limit}.", "en": "Must be less than {limit}."},
    "field_at_most": {"pt-BR": "Deve ser no máximo {limit}.", "en": "Must be at most {limit}."},
    "field_choice": {
        "pt-BR": "Escolha um dos valores aceitos.",
        "en": "Choose one of the accepted values.",
    },
    "field_invalid": {"pt-BR": "Valor inválido.", "en": "Invalid value."},
    # the exports of the lists: too many at once, cancel of a finished one
    "too_many_exports": {
        "pt-BR": "Você já tem {limit} exportações em andamento. Aguarde uma terminar.",
        "en": "You already have {limit} exports in progress. Wait for one to finish.",
    },
    "export_not_active": {
        "pt-BR": "Esta exportação já terminou e não pode ser cancelada.",
        "en": "This export has already finished and cannot be canceled.",
    },
}


def current_language() -> str:
    lang = (translation.get_language() or "pt-br").lower()
    return "en" if lang.startswith("en") else "pt-BR"


def message(code: str, **params: object) -> str:
    """The text for `code` in the active language, with `params` filled in."""
    texts = MESSAGES.get(code) or MESSAGES["internal_error"]
    return texts[current_language()].format(**params)
