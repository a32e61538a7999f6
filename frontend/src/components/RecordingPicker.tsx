import FolderOpenIcon from '@mui/icons-material/FolderOpen'
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import { Box, Button, Collapse, Link, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material'
import { type ChangeEvent, useRef, useState } from 'react'
import { useDropzone } from 'react-dropzone'
import type { UploadItem } from '../api/client'
import { describeSelection, formatBytes, toUploadItems } from './recordingFiles'

interface Props {
  items: UploadItem[]
  onChange(items: UploadItem[]): void
  disabled?: boolean
}

const LISTED_FILES = 12

/** Drop a folder (or files) here, or browse for one; relative paths are kept for the upload. */
export function RecordingPicker({ items, onChange, disabled = false }: Props) {
  const folderInput = useRef<HTMLInputElement>(null)
  const [showFiles, setShowFiles] = useState(false)
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted) => onChange(toUploadItems(accepted)),
    noClick: true,
    noKeyboard: true,
    disabled,
  })
  const totalBytes = items.reduce((sum, item) => sum + item.file.size, 0)

  const onFolderChosen = (event: ChangeEvent<HTMLInputElement>) => {
    onChange(toUploadItems(Array.from(event.target.files ?? [])))
    event.target.value = '' // choosing the same folder again still fires a change
  }

  return (
    <Paper
      variant="outlined"
      {...getRootProps({
        'aria-label': 'Drop zone for the recording folder',
        role: 'region',
      })}
      sx={{
        p: { xs: 2, sm: 3 },
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: isDragActive ? 'primary.main' : 'divider',
        bgcolor: isDragActive ? 'action.hover' : 'background.paper',
        textAlign: 'center',
      }}
    >
      <input {...getInputProps({ 'aria-label': 'Recording files' })} data-testid="files-input" />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        aria-label="Recording folder"
        data-testid="folder-input"
        onChange={onFolderChosen}
        {...{ webkitdirectory: '', directory: '' }}
      />
      <UploadFileIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
      <Typography variant="h6" component="p">
        {isDragActive ? 'Drop it here' : 'Drag your recording folder here'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The whole folder goes up with its sub-folders (SpikeGLX, Open Ephys, Intan, …). Loose files work too.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'center' }}>
        <Button
          variant="contained"
          startIcon={<FolderOpenIcon />}
          onClick={() => folderInput.current?.click()}
          disabled={disabled}
        >
          Choose a folder
        </Button>
        <Button variant="outlined" startIcon={<InsertDriveFileIcon />} onClick={open} disabled={disabled}>
          Choose files
        </Button>
      </Stack>
      <Box sx={{ mt: 2 }} aria-live="polite">
        <Typography variant="body1" data-testid="selection-summary" sx={{ fontWeight: 600 }}>
          {items.length ? `${describeSelection(items)} · ${formatBytes(totalBytes)}` : 'No recording chosen yet'}
        </Typography>
        {items.length > 0 && (
          <Link
            component="button"
            type="button"
            onClick={() => setShowFiles((shown) => !shown)}
            aria-expanded={showFiles}
          >
            {showFiles ? 'Hide the file list' : 'Show the file list'}
          </Link>
        )}
        <Collapse in={showFiles}>
          <List dense sx={{ textAlign: 'left', maxHeight: 240, overflow: 'auto' }}>
            {items.slice(0, LISTED_FILES).map((item) => (
              <ListItem key={item.relativePath} disableGutters>
                <ListItemText
                  primary={item.relativePath}
                  secondary={formatBytes(item.file.size)}
                  slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                />
              </ListItem>
            ))}
            {items.length > LISTED_FILES && (
              <ListItem disableGutters>
                <ListItemText secondary={`… and ${items.length - LISTED_FILES} more`} />
              </ListItem>
            )}
          </List>
        </Collapse>
      </Box>
    </Paper>
  )
}
