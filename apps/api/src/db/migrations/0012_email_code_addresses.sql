-- E-mail reset codes count wrong tries per client address (/64 or IP), as phone PINs do: one address's guesses
-- end the code for that address only (50 from all addresses end it for everyone). Live codes from before start
-- with no tries by address.
ALTER TABLE "email_codes" ADD COLUMN "address_attempts" jsonb DEFAULT '{}'::jsonb NOT NULL;
