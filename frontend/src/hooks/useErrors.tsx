import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import { ApiError } from '../api/errors'

export interface ShownError {
  id: number
  context: string
  message: string
  errorId: string | null
  kind: string
}

interface ErrorsValue {
  errors: ShownError[]
  report(error: unknown, context: string): void
  dismiss(id: number): void
}

const ErrorsContext = createContext<ErrorsValue | null>(null)
let nextId = 1

export function ErrorsProvider({ children }: { children: ReactNode }) {
  const [errors, setErrors] = useState<ShownError[]>([])

  const report = useCallback((error: unknown, context: string) => {
    // The full error, with the server's details, goes to the console for whoever debugs it.
    console.error(`${context} failed:`, error, error instanceof ApiError ? error.details : undefined)
    const apiError = error instanceof ApiError ? error : null
    const shown: ShownError = {
      id: nextId++,
      context,
      message: apiError?.message ?? (error instanceof Error ? error.message : String(error)),
      errorId: apiError?.errorId ?? null,
      kind: apiError?.kind ?? 'request',
    }
    setErrors((current) => [...current.filter((e) => e.message !== shown.message), shown].slice(-4))
  }, [])

  const dismiss = useCallback((id: number) => setErrors((current) => current.filter((e) => e.id !== id)), [])
  const value = useMemo(() => ({ errors, report, dismiss }), [errors, report, dismiss])
  return <ErrorsContext.Provider value={value}>{children}</ErrorsContext.Provider>
}

export function useErrors(): ErrorsValue {
  const value = useContext(ErrorsContext)
  if (!value) throw new Error('useErrors needs an ErrorsProvider')
  return value
}
