// Default values for every top-level field of Stripe's objects (from Stripe's published
// example objects), used so the emulator's objects carry the same fields as Stripe's own.
/* eslint-disable */
export const TEMPLATES: Record<string, Record<string, unknown>> = {
  "customer": {
    "address": {
      "city": null,
      "country": null,
      "line1": null,
      "line2": null,
      "postal_code": null,
      "state": null
    },
    "balance": null,
    "created": null,
    "currency": null,
    "default_source": null,
    "delinquent": false,
    "description": null,
    "discount": {
      "checkout_session": null,
      "customer": null,
      "end": null,
      "id": null,
      "invoice": null,
      "invoice_item": null,
      "object": null,
      "promotion_code": null,
      "start": null,
      "subscription": null,
      "subscription_item": null,
      "source": null,
      "customer_account": null
    },
    "email": null,
    "invoice_prefix": null,
    "invoice_settings": {
      "custom_fields": null,
      "default_payment_method": null,
      "footer": null,
      "rendering_options": null
    },
    "livemode": false,
    "metadata": {},
    "name": null,
    "next_invoice_sequence": null,
    "object": "customer",
    "phone": null,
    "preferred_locales": [],
    "shipping": {},
    "tax_exempt": null,
    "test_clock": null
  },
  "payment_intent": {
    "amount": null,
    "amount_capturable": null,
    "amount_details": {
      "tip": null
    },
    "amount_received": null,
    "application": null,
    "application_fee_amount": null,
    "automatic_payment_methods": {
      "enabled": false
    },
    "canceled_at": null,
    "cancellation_reason": null,
    "capture_method": null,
    "client_secret": null,
    "confirmation_method": null,
    "created": null,
    "currency": null,
    "customer": null,
    "description": null,
    "last_payment_error": {
      "type": null
    },
    "latest_charge": null,
    "livemode": false,
    "metadata": {},
    "next_action": {
      "type": null
    },
    "object": "payment_intent",
    "on_behalf_of": null,
    "payment_method": null,
    "payment_method_configuration_details": {
      "id": null,
      "parent": null
    },
    "payment_method_options": {},
    "payment_method_types": [],
    "processing": {
      "type": null
    },
    "receipt_email": null,
    "review": null,
    "setup_future_usage": null,
    "shipping": {},
    "statement_descriptor": null,
    "statement_descriptor_suffix": null,
    "status": null,
    "transfer_data": {
      "destination": null
    },
    "transfer_group": null,
    "source": null,
    "excluded_payment_method_types": null,
    "customer_account": null,
    "managed_payments": {
      "enabled": false
    }
  },
  "payment_method": {
    "allow_redisplay": null,
    "billing_details": {
      "address": null,
      "email": null,
      "name": null,
      "phone": null,
      "tax_id": null
    },
    "card": {
      "brand": null,
      "checks": null,
      "country": null,
      "display_brand": null,
      "exp_month": null,
      "exp_year": null,
      "fingerprint": null,
      "funding": null,
      "generated_from": null,
      "last4": null,
      "networks": null,
      "three_d_secure_usage": null,
      "wallet": null,
      "regulated_status": null
    },
    "created": null,
    "customer": null,
    "livemode": false,
    "metadata": {
      "order_id": null
    },
    "object": "payment_method",
    "type": null,
    "customer_account": null
  },
  "charge": {
    "amount": null,
    "amount_captured": null,
    "amount_refunded": null,
    "application": null,
    "application_fee": null,
    "application_fee_amount": null,
    "balance_transaction": null,
    "billing_details": {
      "address": null,
      "email": null,
      "name": null,
      "phone": null,
      "tax_id": null
    },
    "calculated_statement_descriptor": null,
    "captured": false,
    "created": null,
    "currency": null,
    "customer": null,
    "description": null,
    "disputed": false,
    "failure_balance_transaction": null,
    "failure_code": null,
    "failure_message": null,
    "fraud_details": {},
    "livemode": false,
    "metadata": {},
    "object": "charge",
    "on_behalf_of": null,
    "outcome": {
      "advice_code": null,
      "network_advice_code": null,
      "network_decline_code": null,
      "network_status": null,
      "reason": null,
      "seller_message": null,
      "type": null
    },
    "paid": false,
    "payment_intent": null,
    "payment_method": null,
    "payment_method_details": {
      "card": null,
      "type": null
    },
    "receipt_email": null,
    "receipt_number": null,
    "receipt_url": null,
    "refunded": false,
    "refunds": {
      "object": "list",
      "data": [],
      "has_more": false,
      "url": "/v1/charges/ch_1PgafuB7WZ01zgkWXYmPNZs8/refunds"
    },
    "review": null,
    "shipping": {},
    "source_transfer": null,
    "statement_descriptor": null,
    "statement_descriptor_suffix": null,
    "status": null,
    "transfer_data": {
      "amount": null,
      "destination": null
    },
    "transfer_group": null,
    "source": {
      "allow_redisplay": null,
      "amount": null,
      "client_secret": null,
      "created": null,
      "currency": null,
      "flow": null,
      "id": null,
      "livemode": false,
      "metadata": null,
      "object": null,
      "owner": null,
      "statement_descriptor": null,
      "status": null,
      "type": null,
      "usage": null
    }
  },
  "product": {
    "active": false,
    "created": null,
    "default_price": null,
    "description": null,
    "images": [],
    "livemode": false,
    "marketing_features": [],
    "metadata": {},
    "name": null,
    "object": "product",
    "package_dimensions": {
      "height": null,
      "length": null,
      "weight": null,
      "width": null
    },
    "shippable": null,
    "statement_descriptor": null,
    "tax_code": null,
    "unit_label": null,
    "updated": null,
    "url": null,
    "type": null
  },
  "price": {
    "active": false,
    "billing_scheme": null,
    "created": null,
    "currency": null,
    "custom_unit_amount": {
      "maximum": null,
      "minimum": null,
      "preset": null
    },
    "livemode": false,
    "lookup_key": null,
    "metadata": {},
    "nickname": null,
    "object": "price",
    "product": null,
    "recurring": {
      "interval": null,
      "interval_count": null,
      "meter": null,
      "usage_type": null,
      "trial_period_days": null
    },
    "tax_behavior": null,
    "tiers_mode": null,
    "transform_quantity": {
      "divide_by": null,
      "round": null
    },
    "type": null,
    "unit_amount": null,
    "unit_amount_decimal": null
  },
  "plan": {
    "active": false,
    "amount": null,
    "amount_decimal": null,
    "billing_scheme": null,
    "created": null,
    "currency": null,
    "interval": null,
    "interval_count": null,
    "livemode": false,
    "metadata": {},
    "meter": null,
    "nickname": null,
    "object": "plan",
    "product": null,
    "tiers_mode": null,
    "transform_usage": {
      "divide_by": null,
      "round": null
    },
    "trial_period_days": null,
    "usage_type": null
  },
  "coupon": {
    "amount_off": null,
    "created": null,
    "currency": null,
    "duration": null,
    "duration_in_months": null,
    "livemode": false,
    "max_redemptions": null,
    "metadata": {},
    "name": null,
    "object": "coupon",
    "percent_off": null,
    "redeem_by": null,
    "times_redeemed": null,
    "valid": false
  },
  "promotion_code": {
    "active": false,
    "code": null,
    "created": null,
    "customer": null,
    "expires_at": null,
    "livemode": false,
    "max_redemptions": null,
    "metadata": {},
    "object": "promotion_code",
    "restrictions": {
      "first_time_transaction": false,
      "minimum_amount": null,
      "minimum_amount_currency": null
    },
    "times_redeemed": null,
    "promotion": {
      "coupon": null,
      "type": null
    },
    "customer_account": null
  },
  "subscription": {
    "application": null,
    "application_fee_percent": null,
    "automatic_tax": {
      "enabled": false,
      "liability": null,
      "disabled_reason": null
    },
    "billing_cycle_anchor": null,
    "billing_cycle_anchor_config": {
      "day_of_month": null,
      "hour": null,
      "minute": null,
      "month": null,
      "second": null
    },
    "cancel_at": null,
    "canceled_at": null,
    "cancellation_details": {
      "comment": null,
      "feedback": null,
      "reason": null
    },
    "collection_method": null,
    "created": null,
    "currency": null,
    "customer": null,
    "days_until_due": null,
    "default_payment_method": null,
    "default_source": null,
    "default_tax_rates": [],
    "description": null,
    "discounts": [],
    "ended_at": null,
    "invoice_settings": {
      "account_tax_ids": null,
      "issuer": null,
      "custom_fields": null,
      "description": null,
      "footer": null
    },
    "items": {
      "object": "list",
      "data": [],
      "has_more": false,
      "url": "/v1/subscription_items"
    },
    "latest_invoice": null,
    "livemode": false,
    "metadata": {},
    "next_pending_invoice_item_invoice": null,
    "object": "subscription",
    "on_behalf_of": null,
    "pause_collection": {
      "behavior": null,
      "resumes_at": null
    },
    "payment_settings": {
      "payment_method_options": null,
      "payment_method_types": null,
      "save_default_payment_method": null
    },
    "pending_invoice_item_interval": {
      "interval": null,
      "interval_count": null
    },
    "pending_setup_intent": null,
    "pending_update": {
      "billing_cycle_anchor": null,
      "discount": null,
      "discounts": [],
      "expires_at": null,
      "subscription_items": null,
      "trial_end": null,
      "trial_from_plan": null,
      "metadata": null
    },
    "schedule": null,
    "start_date": null,
    "status": null,
    "test_clock": null,
    "transfer_data": {
      "amount_percent": null,
      "destination": null
    },
    "trial_end": null,
    "trial_settings": {
      "end_behavior": null
    },
    "trial_start": null,
    "cancel_at_period_end": false,
    "billing_thresholds": {
      "amount_gte": null,
      "reset_billing_cycle_anchor": null
    },
    "billing_mode": {
      "type": null,
      "flexible": null
    },
    "customer_account": null,
    "managed_payments": {
      "enabled": false
    },
    "billing_schedules": []
  },
  "subscription_item": {
    "created": null,
    "discounts": [],
    "metadata": {},
    "object": "subscription_item",
    "price": {
      "active": false,
      "billing_scheme": null,
      "created": null,
      "currency": null,
      "custom_unit_amount": null,
      "id": null,
      "livemode": false,
      "lookup_key": null,
      "metadata": null,
      "nickname": null,
      "object": null,
      "product": null,
      "recurring": null,
      "tax_behavior": null,
      "tiers_mode": null,
      "transform_quantity": null,
      "type": null,
      "unit_amount": null,
      "unit_amount_decimal": null
    },
    "quantity": null,
    "subscription": null,
    "tax_rates": [],
    "plan": {
      "active": false,
      "amount": null,
      "amount_decimal": null,
      "billing_scheme": null,
      "created": null,
      "currency": null,
      "id": null,
      "interval": null,
      "interval_count": null,
      "livemode": false,
      "metadata": null,
      "meter": null,
      "nickname": null,
      "object": null,
      "product": null,
      "tiers_mode": null,
      "transform_usage": null,
      "trial_period_days": null,
      "usage_type": null
    },
    "current_period_end": null,
    "current_period_start": null,
    "billing_thresholds": {
      "usage_gte": null
    },
    "livemode": false
  },
  "subscription_schedule": {
    "application": null,
    "canceled_at": null,
    "completed_at": null,
    "created": null,
    "current_phase": {
      "end_date": null,
      "start_date": null
    },
    "customer": null,
    "default_settings": {
      "application_fee_percent": null,
      "automatic_tax": null,
      "billing_cycle_anchor": null,
      "collection_method": null,
      "default_payment_method": null,
      "description": null,
      "invoice_settings": null,
      "on_behalf_of": null,
      "transfer_data": null,
      "billing_thresholds": null
    },
    "end_behavior": null,
    "livemode": false,
    "metadata": {},
    "object": "subscription_schedule",
    "phases": [],
    "released_at": null,
    "released_subscription": null,
    "status": null,
    "subscription": null,
    "test_clock": null,
    "billing_mode": {
      "type": null,
      "flexible": null
    },
    "customer_account": null
  },
  "invoice": {
    "account_country": null,
    "account_name": null,
    "account_tax_ids": null,
    "amount_due": null,
    "amount_paid": null,
    "amount_remaining": null,
    "amount_shipping": null,
    "application": null,
    "attempt_count": null,
    "attempted": false,
    "auto_advance": false,
    "automatic_tax": {
      "enabled": false,
      "liability": null,
      "status": null,
      "disabled_reason": null,
      "provider": null
    },
    "billing_reason": null,
    "collection_method": null,
    "created": null,
    "currency": null,
    "custom_fields": null,
    "customer": null,
    "customer_address": {
      "city": null,
      "country": null,
      "line1": null,
      "line2": null,
      "postal_code": null,
      "state": null
    },
    "customer_email": null,
    "customer_name": null,
    "customer_phone": null,
    "customer_shipping": {},
    "customer_tax_exempt": null,
    "customer_tax_ids": [],
    "default_payment_method": null,
    "default_source": null,
    "default_tax_rates": [],
    "description": null,
    "discounts": [],
    "due_date": null,
    "effective_at": null,
    "ending_balance": null,
    "footer": null,
    "from_invoice": {
      "action": null,
      "invoice": null
    },
    "hosted_invoice_url": null,
    "invoice_pdf": null,
    "issuer": {
      "type": null
    },
    "last_finalization_error": {
      "type": null
    },
    "latest_revision": null,
    "lines": {
      "object": "list",
      "data": [],
      "has_more": false,
      "url": "/v1/invoices/in_1Pgc6tB7WZ01zgkWu9fdqL6I/lines"
    },
    "livemode": false,
    "metadata": {},
    "next_payment_attempt": null,
    "number": null,
    "object": "invoice",
    "on_behalf_of": null,
    "payment_settings": {
      "default_mandate": null,
      "payment_method_options": null,
      "payment_method_types": null
    },
    "period_end": null,
    "period_start": null,
    "post_payment_credit_notes_amount": null,
    "pre_payment_credit_notes_amount": null,
    "receipt_number": null,
    "rendering": {
      "amount_tax_display": null,
      "pdf": null,
      "template": null,
      "template_version": null
    },
    "shipping_cost": {
      "amount_subtotal": null,
      "amount_tax": null,
      "amount_total": null,
      "shipping_rate": null
    },
    "shipping_details": {},
    "starting_balance": null,
    "statement_descriptor": null,
    "status": null,
    "status_transitions": {
      "finalized_at": null,
      "marked_uncollectible_at": null,
      "paid_at": null,
      "voided_at": null
    },
    "subscription": null,
    "subtotal": null,
    "subtotal_excluding_tax": null,
    "test_clock": null,
    "total": null,
    "total_discount_amounts": [],
    "total_excluding_tax": null,
    "webhooks_delivered_at": null,
    "automatically_finalizes_at": null,
    "total_pretax_credit_amounts": null,
    "total_taxes": null,
    "amount_overpaid": null,
    "parent": {
      "quote_details": null,
      "subscription_details": null,
      "type": null
    },
    "customer_account": null
  },
  "line_item": {
    "amount": null,
    "currency": null,
    "description": null,
    "discount_amounts": [],
    "discountable": false,
    "discounts": [],
    "invoice": null,
    "livemode": false,
    "metadata": {},
    "object": "line_item",
    "period": {
      "end": null,
      "start": null
    },
    "quantity": null,
    "subscription": null,
    "pretax_credit_amounts": null,
    "taxes": null,
    "parent": {
      "invoice_item_details": null,
      "subscription_item_details": null,
      "type": null
    },
    "pricing": {
      "type": null,
      "unit_amount_decimal": null
    },
    "subtotal": null,
    "quantity_decimal": null
  },
  "invoice_payment": {
    "amount_paid": null,
    "amount_requested": null,
    "created": null,
    "currency": null,
    "invoice": null,
    "is_default": false,
    "livemode": false,
    "object": "invoice_payment",
    "payment": {
      "type": null
    },
    "status": null,
    "status_transitions": {
      "canceled_at": null,
      "paid_at": null
    }
  },
  "checkout.session": {
    "after_expiration": {
      "recovery": null
    },
    "allow_promotion_codes": null,
    "amount_subtotal": null,
    "amount_total": null,
    "automatic_tax": {
      "enabled": false,
      "liability": null,
      "status": null,
      "provider": null
    },
    "billing_address_collection": null,
    "cancel_url": null,
    "client_reference_id": null,
    "client_secret": null,
    "consent": {
      "promotions": null,
      "terms_of_service": null
    },
    "consent_collection": {
      "payment_method_reuse_agreement": null,
      "promotions": null,
      "terms_of_service": null
    },
    "created": null,
    "currency": null,
    "custom_fields": [],
    "custom_text": {
      "after_submit": null,
      "shipping_address": null,
      "submit": null,
      "terms_of_service_acceptance": null
    },
    "customer": null,
    "customer_creation": null,
    "customer_details": {
      "address": null,
      "email": null,
      "name": null,
      "phone": null,
      "tax_exempt": null,
      "tax_ids": null,
      "business_name": null,
      "individual_name": null
    },
    "customer_email": null,
    "expires_at": null,
    "invoice": null,
    "invoice_creation": {
      "enabled": false,
      "invoice_data": null
    },
    "livemode": false,
    "locale": null,
    "metadata": {},
    "mode": null,
    "object": "checkout.session",
    "payment_intent": null,
    "payment_link": null,
    "payment_method_collection": null,
    "payment_method_configuration_details": {
      "id": null,
      "parent": null
    },
    "payment_method_options": {},
    "payment_method_types": [],
    "payment_status": null,
    "phone_number_collection": {
      "enabled": false
    },
    "recovered_from": null,
    "saved_payment_method_options": {
      "allow_redisplay_filters": null,
      "payment_method_remove": null,
      "payment_method_save": null
    },
    "setup_intent": null,
    "shipping_address_collection": {
      "allowed_countries": []
    },
    "shipping_cost": {
      "amount_subtotal": null,
      "amount_tax": null,
      "amount_total": null,
      "shipping_rate": null
    },
    "shipping_options": [],
    "status": null,
    "submit_type": null,
    "subscription": null,
    "success_url": null,
    "total_details": {
      "amount_discount": null,
      "amount_shipping": null,
      "amount_tax": null
    },
    "ui_mode": null,
    "url": null,
    "adaptive_pricing": {
      "enabled": false
    },
    "discounts": null,
    "collected_information": {
      "shipping_details": null,
      "business_name": null,
      "individual_name": null
    },
    "permissions": {
      "update_shipping_details": null
    },
    "wallet_options": {},
    "origin_context": null,
    "currency_conversion": {
      "amount_subtotal": null,
      "amount_total": null,
      "fx_rate": null,
      "source_currency": null
    },
    "customer_account": null,
    "integration_identifier": null,
    "managed_payments": {
      "enabled": false
    }
  },
  "item": {
    "amount_discount": null,
    "amount_subtotal": null,
    "amount_tax": null,
    "amount_total": null,
    "currency": null,
    "description": null,
    "object": "item",
    "price": {
      "active": false,
      "billing_scheme": null,
      "created": null,
      "currency": null,
      "custom_unit_amount": null,
      "id": null,
      "livemode": false,
      "lookup_key": null,
      "metadata": null,
      "nickname": null,
      "object": null,
      "product": null,
      "recurring": null,
      "tax_behavior": null,
      "tiers_mode": null,
      "transform_quantity": null,
      "type": null,
      "unit_amount": null,
      "unit_amount_decimal": null
    },
    "quantity": null,
    "metadata": null,
    "adjustable_quantity": {
      "enabled": false,
      "maximum": null,
      "minimum": null
    },
    "livemode": false
  },
  "billing_portal.session": {
    "configuration": null,
    "created": null,
    "customer": null,
    "flow": {
      "after_completion": null,
      "subscription_cancel": null,
      "subscription_update": null,
      "subscription_update_confirm": null,
      "type": null
    },
    "livemode": false,
    "locale": null,
    "object": "billing_portal.session",
    "on_behalf_of": null,
    "return_url": null,
    "url": null,
    "customer_account": null
  },
  "event": {
    "api_version": null,
    "created": null,
    "data": {
      "object": null
    },
    "livemode": false,
    "object": "event",
    "pending_webhooks": null,
    "request": {
      "id": null,
      "idempotency_key": null
    },
    "type": null
  },
  "discount": {
    "checkout_session": null,
    "customer": null,
    "end": null,
    "invoice": null,
    "invoice_item": null,
    "object": "discount",
    "promotion_code": null,
    "start": null,
    "subscription": null,
    "subscription_item": null,
    "source": {
      "coupon": null,
      "type": null
    },
    "customer_account": null,
    "livemode": false
  },
  "refund": {
    "amount": null,
    "balance_transaction": null,
    "charge": null,
    "created": null,
    "currency": null,
    "destination_details": {
      "card": null,
      "type": null
    },
    "metadata": {},
    "object": "refund",
    "payment_intent": null,
    "reason": null,
    "receipt_number": null,
    "source_transfer_reversal": null,
    "status": null,
    "transfer_reversal": null,
    "customer": null,
    "customer_account": null,
    "payment_method": null,
    "livemode": false
  }
};
