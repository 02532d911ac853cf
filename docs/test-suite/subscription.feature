# language: fr
Fonctionnalité: subscription — suite de couverture (1 chemins, 7 étapes ; transitions prises : 7 sur 7 (liste exhaustive : 5 chemins, 16 étapes))
  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.

  Scénario: subscription-1
    Étant donné que la page est ouverte
    Alors « S'abonner » replié
    Quand Ouvrir « S’abonner »
    Alors « S'abonner » déplié ; « Adresse du calendrier » contient « https://www.valmont.example/flux/agenda/1/3.7~seance.ics » ; le bouton « Copier l'adresse » ; pas de texte « Adresse copiée. » ; pas de texte « La copie n'a pas fonctionné : sélectionnez l'adresse et copiez-la (Ctrl+C ou ⌘+C). » ; le lien « Ouvrir dans mon application de calendrier »
    Quand Cliquer sur « Copier l’adresse »
    Alors rien ne change à l’écran
    Quand Le presse-papiers accepte l’adresse
    Alors le message « Adresse copiée. »
    Quand Cliquer sur « Copier l’adresse »
    Alors pas de texte « Adresse copiée. »
    Quand Le presse-papiers refuse l’adresse
    Alors le message « La copie n'a pas fonctionné : sélectionnez l'adresse et copiez-la (Ctrl+C ou ⌘+C). »
    Quand Cliquer sur « Copier l’adresse »
    Alors pas de texte « La copie n'a pas fonctionné : sélectionnez l'adresse et copiez-la (Ctrl+C ou ⌘+C). »
    Quand Refermer « S’abonner »
    Alors « S'abonner » replié ; pas de bouton « Copier l'adresse » ; pas de lien « Ouvrir dans mon application de calendrier »
