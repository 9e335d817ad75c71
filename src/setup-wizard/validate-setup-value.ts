/** `true`, or the text inquirer shows before it asks again. */
export function validateAppId(value: string): true | string {
  return /^[1-9][0-9]*$/.test(value.trim()) && Number.isSafeInteger(Number(value.trim()))
    ? true
    : "The app id is a positive whole number: the App ID on the app's settings page.";
}

export function validateHttpUrl(value: string): true | string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return `"${value}" is not a URL; give a full address such as https://example.com.`;
  }
  return url.protocol === "http:" || url.protocol === "https:"
    ? true
    : `"${value}" must start with http:// or https://.`;
}

export function validateOptionalHttpUrl(value: string): true | string {
  return value.trim() === "" ? true : validateHttpUrl(value);
}

export function validateSecret(value: string): true | string {
  if (value.trim() !== value || value === "")
    return "The webhook secret must not be empty or start or end with spaces.";
  return value.length >= 8 ? true : "Use a webhook secret of at least 8 characters (the suggested one is random).";
}
