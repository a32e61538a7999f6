// The optional API token lives in sessionStorage: it survives a reload but not the browser tab.
const TOKEN_KEY = 'agentic-neurodata.api-token'

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

export function saveToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token.trim())
}

export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_KEY)
}

/** Links and WebSockets cannot carry headers, so the token rides as ?token= on them. */
export function withToken(url: string): string {
  const token = readToken()
  if (!token) return url
  const separator = url.includes('?') ? '&' : '?'
  return `${url}${separator}token=${encodeURIComponent(token)}`
}
