/**
 * A schema name the stores accept: lower case, so quoting never changes its meaning, and short enough
 * that names derived from it (the notification channel) fit PostgreSQL's 63 bytes. Apart from the
 * client (`pg`), so the configuration checks it without loading the driver.
 */
export const POSTGRES_SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,39}$/;
