import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material'
import { type FormEvent, useState } from 'react'

/** Asks once for the API token the service was started with (API_TOKEN). */
export function TokenDialog({ open, onSave }: { open: boolean; onSave(token: string): void }) {
  const [token, setToken] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (token.trim()) onSave(token.trim())
  }
  return (
    <Dialog open={open} aria-labelledby="token-title">
      <form onSubmit={submit}>
        <DialogTitle id="token-title">API token needed</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            This service was started with an API token. Enter it to continue; it is kept only in this browser tab.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="password"
            label="API token"
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button type="submit" variant="contained" disabled={!token.trim()}>
            Continue
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
