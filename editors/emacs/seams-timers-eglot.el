;;; seams-timers-eglot.el --- seams-timers lsp through Eglot  -*- lexical-binding: t; -*-

;; Eglot (built into Emacs 29; the `eglot' package from GNU ELPA, or
;; Debian's elpa-eglot, for Emacs 26.3 to 28) talks to `seams-timers lsp':
;; findings as you type (Flymake), the fixes and a suppression comment as
;; code actions (M-x eglot-code-actions), next firings on hover (ElDoc).
;;
;;   (add-to-list 'load-path "~/src/seams-timers/editors/emacs")
;;   (require 'seams-timers-eglot)
;;   (dolist (hook '(nxml-mode-hook sql-mode-hook csharp-mode-hook csharp-ts-mode-hook
;;                   go-mode-hook go-ts-mode-hook js-json-mode-hook json-mode-hook json-ts-mode-hook))
;;     (add-hook hook #'seams-timers-eglot-ensure))
;;
;; The server reads every engine's files: BPMN models and index graphs,
;; Workflow Engine schemes (*.xml, *.sql seed files), Stateflows C# (*.cs),
;; Cadence/Temporal Go code and exported histories (*.go, *.json); an XML,
;; SQL or JSON file that is no scheme or history gets no finding.
;; BPMN models open in nxml-mode (the `auto-mode-alist' entries below);
;; index graphs (*.ttl, *.nt) in `seams-timers-graph-mode', a plain mode
;; of this file, unless a Turtle mode is installed (ttl-mode,
;; turtle-mode), which is then served too.  C# and Go files open in
;; `seams-timers-source-mode', another plain mode, only when no C# or Go
;; mode is installed (Emacs 28 has neither; Emacs 29 has csharp-mode and
;; the tree-sitter modes).  This file leaves the Flymake
;; backend of seams-timers.el alone: use one or the other in a buffer.

;;; Code:

(require 'eglot)

(defgroup seams-timers-eglot nil
  "seams-timers lsp through Eglot."
  :group 'tools)

(defcustom seams-timers-eglot-command '("seams-timers" "lsp")
  "The command that runs the language server."
  :type '(repeat string))

(defcustom seams-timers-eglot-inlay-hints nil
  "Non-nil asks the server for inlay hints with the next firing."
  :type 'boolean)

(define-derived-mode seams-timers-graph-mode prog-mode "Graph"
  "A plain mode for Turtle and N-Triples index graphs."
  (setq-local comment-start "# "))

(define-derived-mode seams-timers-source-mode prog-mode "Source"
  "A plain mode for C# and Go files when no mode of their own is installed."
  (setq-local comment-start "// "))

(add-to-list 'auto-mode-alist '("\\.bpmn2?\\'" . nxml-mode))
(unless (or (fboundp 'csharp-mode) (fboundp 'csharp-ts-mode))
  (add-to-list 'auto-mode-alist '("\\.cs\\'" . seams-timers-source-mode)))
(unless (or (fboundp 'go-mode) (fboundp 'go-ts-mode))
  (add-to-list 'auto-mode-alist '("\\.go\\'" . seams-timers-source-mode)))
(add-to-list 'auto-mode-alist '("\\.bpmn20\\.xml\\'" . nxml-mode))
(unless (or (fboundp 'ttl-mode) (fboundp 'turtle-mode))
  (add-to-list 'auto-mode-alist '("\\.\\(ttl\\|nt\\)\\'" . seams-timers-graph-mode)))

(defun seams-timers-eglot--contact (&optional _interactive)
  "The server's command and its initializationOptions."
  (append seams-timers-eglot-command
          (list :initializationOptions
                (list :inlayHints (if seams-timers-eglot-inlay-hints t :json-false)))))

(add-to-list 'eglot-server-programs
             (cons '(nxml-mode seams-timers-graph-mode seams-timers-source-mode ttl-mode turtle-mode sql-mode
                     csharp-mode csharp-ts-mode go-mode go-ts-mode
                     js-json-mode json-mode json-ts-mode)
                   #'seams-timers-eglot--contact))

(defun seams-timers-eglot-ensure ()
  "Start Eglot in a file of a kind some engine reads, and nowhere else."
  (when (and buffer-file-name
             (string-match-p "\\.\\(bpmn2?\\|bpmn20\\.xml\\|ttl\\|nt\\|xml\\|sql\\|cs\\|go\\|json\\)\\'" buffer-file-name))
    (eglot-ensure)))

(add-hook 'seams-timers-graph-mode-hook #'seams-timers-eglot-ensure)
(add-hook 'seams-timers-source-mode-hook #'seams-timers-eglot-ensure)

(provide 'seams-timers-eglot)
;;; seams-timers-eglot.el ends here
