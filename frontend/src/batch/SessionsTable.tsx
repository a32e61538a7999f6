import {
  Alert,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { withToken } from '../api/token'
import type { BatchView } from '../api/types'
import { editableRows, filledRows } from './batchStatus'

interface Props {
  view: BatchView
  disabled: boolean
  onSave(rows: Record<string, string>[]): Promise<string | null>
  onUpload(file: File): Promise<string | null>
}

/** The sessions table as an editable grid, with the pre-filled file to download and a file to upload. */
export function SessionsTable({ view, disabled, onSave, onUpload }: Props) {
  const { batch, columns, missing } = view
  const sessions = batch.sessions ?? []
  const [rows, setRows] = useState(() => editableRows(sessions, columns))
  const [problem, setProblem] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const base = `/api/batches/${batch.batch_id}`

  // A table changed on the server (saved, uploaded, found again) replaces what the grid shows; other
  // changes of the batch (a shared value saved) leave edits in progress alone.
  const onServer = JSON.stringify(editableRows(sessions, columns))
  useEffect(() => setRows(JSON.parse(onServer)), [onServer])

  const edit = (index: number, column: string, value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [column]: value } : row)))

  const save = async () => setProblem(await onSave(filledRows(rows)))

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) setProblem(await onUpload(file))
  }

  const gaps = Object.entries(missing)
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Sessions table
      </Typography>
      <Typography variant="body2" color="text.secondary">
        One row per session. Edit the cells here, or download the table, edit it in a spreadsheet and upload it back.
      </Typography>
      <Table size="small" aria-label="Sessions table" sx={{ display: 'block', overflowX: 'auto' }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{column}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={row.folder} data-testid={`table-row-${row.folder}`}>
              {columns.map((column) =>
                column === 'folder' ? (
                  <TableCell key={column}>{row.folder}</TableCell>
                ) : (
                  <TableCell key={column} sx={{ minWidth: 120 }}>
                    <TextField
                      size="small"
                      value={row[column] ?? ''}
                      disabled={disabled}
                      onChange={(event) => edit(index, column, event.target.value)}
                      slotProps={{ htmlInput: { 'aria-label': `${row.folder} ${column}` } }}
                    />
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {problem && (
        <Alert severity="error" data-testid="table-problem">
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={save} disabled={disabled} data-testid="save-table">
          Save table
        </Button>
        <Button href={withToken(`${base}/table.csv`)} data-testid="download-table">
          Download table (CSV)
        </Button>
        <Button href={withToken(`${base}/table.xlsx`)}>Download table (Excel)</Button>
        <Button onClick={() => fileInput.current?.click()} disabled={disabled}>
          Upload table
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".csv,.xlsx"
          onChange={upload}
          aria-label="Sessions table file"
        />
      </Stack>
      <div data-testid="missing-values">
        {gaps.length === 0 ? (
          <Alert severity="success">Nothing missing: every session has its required values.</Alert>
        ) : (
          <Alert severity="warning">
            <Typography variant="body2" gutterBottom>
              Missing before converting (sessions left like this end as "input needed"):
            </Typography>
            {gaps.map(([key, fields]) => (
              <Typography key={key} variant="body2">
                {sessions.find((s) => s.key === key)?.folder ?? key}: {fields.join('; ')}
              </Typography>
            ))}
          </Alert>
        )}
      </div>
    </Stack>
  )
}
